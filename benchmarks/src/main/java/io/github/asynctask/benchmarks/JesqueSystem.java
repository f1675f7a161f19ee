package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import net.greghaines.jesque.Config;
import net.greghaines.jesque.ConfigBuilder;
import net.greghaines.jesque.Job;
import net.greghaines.jesque.client.ClientPoolImpl;
import net.greghaines.jesque.utils.PoolUtils;
import net.greghaines.jesque.worker.MapBasedJobFactory;
import net.greghaines.jesque.worker.WorkerImpl;
import net.greghaines.jesque.worker.WorkerPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.Pool;

/**
 * Jesque: a pooled client ({@code LPUSH} of a JSON job; {@code batchEnqueue} for batches;
 * {@code delayedEnqueue} for delays) and a {@code WorkerPool} of 16 {@code WorkerImpl}s,
 * each polling its queues.
 */
final class JesqueSystem implements SystemUnderTest {

	@Override
	public String name() {
		return "jesque";
	}

	@Override
	public Map<String, String> versions() {
		return Map.of("jesque", Versions.of("net.greghaines", "jesque"), "jedis",
				Versions.of("redis.clients", "jedis"));
	}

	@Override
	public Set<Feature> features() {
		return Set.of(Feature.SUBMIT_WITHOUT_WORKERS, Feature.BATCH, Feature.DELAY, Feature.IDLE_WORKERS,
				Feature.REDIS);
	}

	@Override
	public String setup() {
		return "ClientPoolImpl (JedisPool of 32); WorkerPool of 16 WorkerImpl; batch = Client.batchEnqueue";
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new JesqueContender(redis);
	}

	/** The no-op job, built by Jesque's job factory from its JSON arguments. */
	public static final class NoopJob implements Runnable {

		private final String arg;

		public NoopJob(String arg) {
			this.arg = arg;
		}

		@Override
		public void run() {
			Probe.hit(this.arg);
		}

	}

	private static final class JesqueContender implements Contender {

		private final Config config;

		private final Pool<Jedis> pool;

		private final ClientPoolImpl client;

		private final List<WorkerPool> workers = new ArrayList<>();

		JesqueContender(RedisTarget redis) {
			this.config = new ConfigBuilder().withHost(redis.host()).withPort(redis.port()).build();
			GenericObjectPoolConfig<Jedis> poolConfig = new GenericObjectPoolConfig<>();
			poolConfig.setMaxTotal(32);
			poolConfig.setMaxIdle(32);
			this.pool = PoolUtils.createJedisPool(this.config, poolConfig);
			this.client = new ClientPoolImpl(this.config, this.pool);
		}

		@Override
		public void submit(String arg) {
			this.client.enqueue(QUEUE, new Job("Noop", arg));
		}

		@Override
		public void submitBatch(List<String> args) {
			List<Job> jobs = new ArrayList<>(args.size());
			for (String arg : args) {
				jobs.add(new Job("Noop", arg));
			}
			this.client.batchEnqueue(QUEUE, jobs);
		}

		@Override
		public void submitDelayed(String arg, Duration delay) {
			this.client.delayedEnqueue(QUEUE, new Job("Noop", arg), System.currentTimeMillis() + delay.toMillis());
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
			MapBasedJobFactory jobs = new MapBasedJobFactory(Map.of("Noop", NoopJob.class));
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

}
