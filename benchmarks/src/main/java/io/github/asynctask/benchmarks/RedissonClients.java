package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.redisson.Redisson;
import org.redisson.api.RScheduledExecutorService;
import org.redisson.api.RedissonClient;
import org.redisson.api.WorkerOptions;
import org.redisson.config.Config;

/**
 * Redisson as every scenario sets it up: a producer client with a pool of 32 (16 idle),
 * and workers each on a client of their own; one place, so the scenarios measure the same
 * setup.
 */
final class RedissonClients implements AutoCloseable {

	private final Config config;

	private final RedissonClient producer;

	private final List<RedissonClient> workers = new ArrayList<>();

	RedissonClients(RedisTarget redis) {
		this.config = new Config();
		this.config.useSingleServer()
			.setAddress(redis.url())
			.setConnectionPoolSize(32)
			.setConnectionMinimumIdleSize(16);
		this.producer = Redisson.create(this.config);
	}

	/** The producer's executor service of {@code queue}. */
	RScheduledExecutorService executor(String queue) {
		return this.producer.getExecutorService(queue);
	}

	/** A worker client running {@code concurrency} workers for each of {@code queues}. */
	void startWorkers(List<String> queues, int concurrency) {
		RedissonClient client = Redisson.create(new Config(this.config));
		this.workers.add(client);
		for (String queue : queues) {
			client.getExecutorService(queue).registerWorkers(WorkerOptions.defaults().workers(concurrency));
		}
	}

	@Override
	public void close() {
		// No quiet period: the next repetition opens fresh clients anyway.
		for (RedissonClient client : this.workers) {
			client.shutdown(0, 1, TimeUnit.SECONDS);
		}
		this.producer.shutdown(0, 1, TimeUnit.SECONDS);
	}

}
