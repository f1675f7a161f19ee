package io.github.asynctask.benchmarks;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.redisson.api.RScheduledExecutorService;

/**
 * Redisson's {@code RExecutorService} (and {@code RScheduledExecutorService} for delayed
 * tasks): a producer client submits {@link NoopTask}s; a second client stands for the
 * worker JVM with 16 workers per executor.
 */
final class RedissonSystem implements SystemUnderTest {

	@Override
	public String name() {
		return "redisson";
	}

	@Override
	public Map<String, String> versions() {
		return Map.of("redisson", Versions.of("org.redisson", "redisson"));
	}

	@Override
	public Set<Feature> features() {
		return Set.of(Feature.SUBMIT_WITHOUT_WORKERS, Feature.DELAY, Feature.IDLE_WORKERS, Feature.REDIS);
	}

	@Override
	public String setup() {
		return "RExecutorService.submit(Runnable) from a producer client; worker client registerWorkers(workers(16)) per queue; default codec";
	}

	@Override
	public int scaled(int n) {
		return Math.max(1, n / 5);
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new RedissonContender(redis);
	}

	/** The no-op task; Redisson ships its class and state to the workers. */
	public static final class NoopTask implements Runnable, Serializable {

		private static final long serialVersionUID = 1L;

		private String arg = "";

		public NoopTask() {
		}

		NoopTask(String arg) {
			this.arg = arg;
		}

		@Override
		public void run() {
			Probe.hit(this.arg);
		}

	}

	private static final class RedissonContender implements Contender {

		private final RedissonClients redisson;

		private final RScheduledExecutorService executor;

		RedissonContender(RedisTarget redis) {
			this.redisson = new RedissonClients(redis);
			this.executor = this.redisson.executor(QUEUE);
		}

		@Override
		public void submit(String arg) {
			this.executor.submit(new NoopTask(arg));
		}

		@Override
		public void submitDelayed(String arg, Duration delay) {
			this.executor.schedule(new NoopTask(arg), delay.toMillis(), TimeUnit.MILLISECONDS);
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
			this.redisson.startWorkers(queues, concurrency);
		}

		@Override
		public void close() {
			this.redisson.close();
		}

	}

}
