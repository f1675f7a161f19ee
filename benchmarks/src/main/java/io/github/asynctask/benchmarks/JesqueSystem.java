package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import net.greghaines.jesque.Job;

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

		private final JesqueClients jesque;

		JesqueContender(RedisTarget redis) {
			this.jesque = new JesqueClients(redis);
		}

		@Override
		public void submit(String arg) {
			this.jesque.client().enqueue(QUEUE, new Job("Noop", arg));
		}

		@Override
		public void submitBatch(List<String> args) {
			List<Job> jobs = new ArrayList<>(args.size());
			for (String arg : args) {
				jobs.add(new Job("Noop", arg));
			}
			this.jesque.client().batchEnqueue(QUEUE, jobs);
		}

		@Override
		public void submitDelayed(String arg, Duration delay) {
			this.jesque.client()
				.delayedEnqueue(QUEUE, new Job("Noop", arg), System.currentTimeMillis() + delay.toMillis());
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
			this.jesque.startWorkers(queues, concurrency, "Noop", NoopJob.class);
		}

		@Override
		public void close() throws InterruptedException {
			this.jesque.close();
		}

	}

}
