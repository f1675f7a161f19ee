package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import net.greghaines.jesque.Config;
import net.greghaines.jesque.ConfigBuilder;
import net.greghaines.jesque.client.ClientPoolImpl;
import net.greghaines.jesque.utils.PoolUtils;
import net.greghaines.jesque.worker.MapBasedJobFactory;
import net.greghaines.jesque.worker.WorkerImpl;
import net.greghaines.jesque.worker.WorkerPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.Pool;

/**
 * Jesque as every scenario sets it up: a {@code ClientPoolImpl} on a JedisPool of 32, and
 * {@code WorkerPool}s of {@code WorkerImpl}s; one place, so the scenarios measure the
 * same setup.
 */
final class JesqueClients implements AutoCloseable {

	private final Config config;

	private final Pool<Jedis> pool;

	private final ClientPoolImpl client;

	private final List<WorkerPool> workers = new ArrayList<>();

	JesqueClients(RedisTarget redis) {
		this.config = new ConfigBuilder().withHost(redis.host()).withPort(redis.port()).build();
		GenericObjectPoolConfig<Jedis> poolConfig = new GenericObjectPoolConfig<>();
		poolConfig.setMaxTotal(32);
		poolConfig.setMaxIdle(32);
		this.pool = PoolUtils.createJedisPool(this.config, poolConfig);
		this.client = new ClientPoolImpl(this.config, this.pool);
	}

	ClientPoolImpl client() {
		return this.client;
	}

	/**
	 * A pool of {@code concurrency} workers polling {@code queues} for the job
	 * {@code name}.
	 */
	void startWorkers(List<String> queues, int concurrency, String name, Class<?> job) {
		MapBasedJobFactory jobs = new MapBasedJobFactory(Map.of(name, job));
		WorkerPool workerPool = new WorkerPool(() -> new WorkerImpl(this.config, queues, jobs), concurrency);
		workerPool.run();
		this.workers.add(workerPool);
	}

	@Override
	public void close() throws InterruptedException {
		for (WorkerPool workerPool : this.workers) {
			workerPool.end(true);
		}
		for (WorkerPool workerPool : this.workers) {
			workerPool.join(5_000);
		}
		this.client.end();
		this.pool.close();
	}

}
