package io.github.asynctask.benchmarks;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.redisson.Redisson;
import org.redisson.api.RExecutorService;
import org.redisson.api.RedissonClient;
import org.redisson.api.WorkerOptions;
import org.redisson.config.Config;

/**
 * Redisson in the {@code workload} scenario, set up as {@link RedissonSystem}: an
 * {@link OrderTask} carrying the order (Redisson's default codec) submitted to an
 * {@code RExecutorService}, workers on a second client.
 */
final class RedissonWorkload implements WorkloadContender {

	static final String SETUP = "RExecutorService.submit(OrderTask) from a producer client (default codec); worker "
			+ "client registerWorkers(workers(<threads>))";

	private final Config config;

	private final RedissonClient producer;

	private final RExecutorService executor;

	private final List<RedissonClient> workers = new ArrayList<>();

	RedissonWorkload(RedisTarget redis) {
		this.config = new Config();
		this.config.useSingleServer()
			.setAddress(redis.url())
			.setConnectionPoolSize(32)
			.setConnectionMinimumIdleSize(16);
		this.producer = Redisson.create(this.config);
		this.executor = this.producer.getExecutorService(QUEUE);
	}

	/** The order task; Redisson ships its class and state to the workers. */
	public static final class OrderTask implements Runnable, Serializable {

		private static final long serialVersionUID = 1L;

		private Order order;

		private long ioMillis;

		public OrderTask() {
			this.order = Order.sample(0);
		}

		OrderTask(Order order, long ioMillis) {
			this.order = order;
			this.ioMillis = ioMillis;
		}

		@Override
		public void run() {
			OrderBody.run(this.order, this.ioMillis);
		}

	}

	@Override
	public void submit(Order order, long ioMillis) {
		this.executor.submit(new OrderTask(order, ioMillis));
	}

	@Override
	public void startWorkers(List<String> queues, int concurrency) {
		RedissonClient client = Redisson.create(new Config(this.config));
		this.workers.add(client);
		client.getExecutorService(QUEUE).registerWorkers(WorkerOptions.defaults().workers(concurrency));
	}

	@Override
	public void close() {
		for (RedissonClient client : this.workers) {
			client.shutdown(0, 1, TimeUnit.SECONDS);
		}
		this.producer.shutdown(0, 1, TimeUnit.SECONDS);
	}

}
