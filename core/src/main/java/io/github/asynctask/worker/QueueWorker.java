package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.PendingWait;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fetcher and private pool of one queue. The fetcher takes the free permits, asks
 * Redis for that many tasks in one call and hands them to the pool; when the queue is
 * empty it blocks on the queue's wake-up list (one token wakes one idle fetcher across
 * all instances) with a jittered poll as the timeout, instead of spinning.
 */
final class QueueWorker {

	private static final Logger logger = LoggerFactory.getLogger(QueueWorker.class);

	/** How often a fetcher blocked on busy threads checks that it should still run. */
	private static final Duration PERMIT_WAIT = Duration.ofMillis(100);

	private static final Duration MAX_ERROR_BACKOFF = Duration.ofSeconds(5);

	/** The fallback poll of a fetcher waiting on its wake-up list, in poll intervals. */
	static final int IDLE_FACTOR = 5;

	private final String queue;

	private final RedisBroker broker;

	private final WorkerSettings settings;

	private final Permits permits;

	private final RunningTasks running = new RunningTasks();

	private final Signal wakeUp = new Signal();

	private final TaskRun.Factory runs;

	private final PendingWait pendingWait;

	private final ThreadPoolExecutor pool;

	private volatile boolean fetching;

	private volatile @Nullable Thread fetcher;

	QueueWorker(String queue, int concurrency, RedisBroker broker, WorkerSettings settings, TaskRun.Factory runs,
			PendingWait pendingWait) {
		this.queue = queue;
		this.pendingWait = pendingWait;
		this.broker = broker;
		this.settings = settings;
		this.permits = new Permits(concurrency);
		this.runs = runs;
		this.pool = runs.bodyThreads().executor(queue, concurrency);
	}

	String queue() {
		return this.queue;
	}

	RunningTasks running() {
		return this.running;
	}

	Permits permits() {
		return this.permits;
	}

	void start() {
		this.fetching = true;
		this.fetcher = Daemons.start("asynctask-fetch-" + this.queue, this::fetchLoop);
	}

	/** Stop fetching at once; running bodies go on. */
	void stopFetching() {
		this.fetching = false;
		this.wakeUp.raise();
		this.pendingWait.close();
		// a dequeue in flight is let finish so its deliveries can be handed back
		Daemons.join(this.fetcher, Duration.ofSeconds(10));
		this.pool.shutdown();
	}

	/** Wait up to {@code timeout} for running bodies to end; true when all did. */
	boolean awaitIdle(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.permits.busy() > 0) {
			if (System.nanoTime() - deadline > 0) {
				return false;
			}
			Thread.sleep(10);
		}
		return true;
	}

	/** Give the deliveries still running back to pending and interrupt their bodies. */
	void requeueRunning(Completion completion) {
		for (RunningTask task : this.running.all()) {
			// marked first: a success arriving once the claim is gone is still reported
			task.markHandedBack();
			if (task.claim()) {
				task.interruptBody();
				completion.requeue(task, this.running);
				this.permits.release(1);
			}
		}
		this.pool.shutdownNow();
	}

	/** Stop every thread without reporting anything, as a crashed JVM would (tests). */
	void halt() {
		this.fetching = false;
		this.pendingWait.close();
		this.running.all().forEach((task) -> {
			task.claim();
			task.markStale();
		});
		Thread thread = this.fetcher;
		if (thread != null) {
			thread.interrupt();
		}
		this.pool.shutdownNow();
	}

	private void fetchLoop() {
		Duration errorBackoff = Duration.ZERO;
		while (this.fetching) {
			int wanted;
			try {
				wanted = this.permits.acquireAvailable(PERMIT_WAIT);
			}
			catch (InterruptedException ex) {
				return;
			}
			if (wanted == 0) {
				continue;
			}
			List<Delivery> deliveries;
			try {
				deliveries = this.broker.dequeue(this.queue, wanted, this.settings.lease());
				errorBackoff = Duration.ZERO;
			}
			catch (RuntimeException ex) {
				this.permits.release(wanted);
				errorBackoff = nextErrorBackoff(errorBackoff, ex);
				this.wakeUp.awaitQuietly(errorBackoff);
				continue;
			}
			this.permits.release(wanted - deliveries.size());
			deliveries.forEach(this::dispatch);
			if (deliveries.size() < wanted && this.fetching) {
				awaitWork();
			}
		}
	}

	/**
	 * The queue ran dry: wait for the token the next push leaves (taken by one idle
	 * fetcher of all instances). A token stays in Redis until taken, so only a Redis that
	 * lost writes loses one: the poll that covers it may be rarer than the poll interval.
	 * If Redis cannot be reached, the plain poll interval applies.
	 */
	private void awaitWork() {
		try {
			this.pendingWait.await(ClusterSpread.jitter(this.settings.pollInterval().multipliedBy(IDLE_FACTOR)));
		}
		catch (RuntimeException ex) {
			if (this.fetching) {
				logger.debug("Waiting for a wake-up of queue '{}' failed; polling instead", this.queue, ex);
				this.wakeUp.awaitQuietly(ClusterSpread.jitter(this.settings.pollInterval()));
			}
		}
	}

	private void dispatch(Delivery delivery) {
		RunningTask task = new RunningTask(delivery, System.nanoTime() + this.settings.lease().toNanos());
		this.running.add(task);
		if (this.fetching) {
			try {
				this.pool.execute(this.runs.create(task, this));
				return;
			}
			catch (RejectedExecutionException ex) {
				// stopping: fall through and hand it back
			}
		}
		if (task.claim()) {
			this.runs.completion().requeue(task, this.running);
			this.permits.release(1);
		}
	}

	/** Called once per delivery by whichever thread ended it first. */
	void ended(RunningTask task) {
		this.permits.release(1);
	}

	private Duration nextErrorBackoff(Duration previous, RuntimeException ex) {
		Duration next = previous.isZero() ? Duration.ofMillis(100) : previous.multipliedBy(2);
		if (next.compareTo(MAX_ERROR_BACKOFF) > 0) {
			next = MAX_ERROR_BACKOFF;
		}
		if (previous.isZero()) {
			logger.warn("Fetching from queue '{}' failed; backing off up to {} until Redis answers: {}", this.queue,
					MAX_ERROR_BACKOFF, ex.toString());
		}
		return next;
	}

}
