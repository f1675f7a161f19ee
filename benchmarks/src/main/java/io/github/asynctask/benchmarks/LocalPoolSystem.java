package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A local {@link ThreadPoolExecutor} of 16 threads and no Redis at all: the in-memory
 * ceiling. Tasks submitted before {@link Contender#startWorkers} wait behind a gate, so a
 * drain can be measured like the others.
 */
final class LocalPoolSystem implements SystemUnderTest {

	@Override
	public String name() {
		return "thread-pool";
	}

	@Override
	public Map<String, String> versions() {
		return Map.of("java", System.getProperty("java.version"));
	}

	@Override
	public Set<Feature> features() {
		return Set.of(Feature.SUBMIT_WITHOUT_WORKERS, Feature.DELAY, Feature.IDLE_WORKERS);
	}

	@Override
	public String setup() {
		return "ThreadPoolExecutor(16, 16, LinkedBlockingQueue); ScheduledThreadPoolExecutor(16) for delays";
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new LocalPool();
	}

	private static final class LocalPool implements Contender {

		private final CountDownLatch gate = new CountDownLatch(1);

		private final ThreadPoolExecutor pool = new ThreadPoolExecutor(16, 16, 0, TimeUnit.MILLISECONDS,
				new LinkedBlockingQueue<>());

		private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(16);

		@Override
		public void submit(String arg) {
			this.pool.execute(() -> run(arg));
		}

		@Override
		public void submitDelayed(String arg, Duration delay) {
			this.scheduler.schedule(() -> run(arg), delay.toNanos(), TimeUnit.NANOSECONDS);
		}

		private void run(String arg) {
			try {
				this.gate.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			Probe.hit(arg);
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
			this.pool.prestartAllCoreThreads();
			this.gate.countDown();
		}

		@Override
		public void close() throws InterruptedException {
			this.gate.countDown();
			this.pool.shutdownNow();
			this.scheduler.shutdownNow();
			this.pool.awaitTermination(5, TimeUnit.SECONDS);
		}

	}

}
