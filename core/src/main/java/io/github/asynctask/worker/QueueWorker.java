package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

import io.github.asynctask.limit.QueueChoice;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.PendingWait;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.shard.ShardName;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fetcher and private pool of one queue, or of a pool of queues sharing threads. The
 * fetcher takes the free permits, asks Redis for that many tasks in one call (from the
 * queues in the order its {@link QueueChoice} gives, for what the first did not have) and
 * hands them to the pool; when every queue is empty it blocks on the wake-up lists (one
 * token wakes one idle fetcher across all instances) with a jittered poll as the timeout,
 * instead of spinning. A queue whose rate limit held tasks back is asked again only once
 * the limit says the next permit is free.
 */
final class QueueWorker {

	private static final Logger logger = LoggerFactory.getLogger(QueueWorker.class);

	/** How often a fetcher blocked on busy threads checks that it should still run. */
	private static final Duration PERMIT_WAIT = Duration.ofMillis(100);

	private static final Duration MAX_ERROR_BACKOFF = Duration.ofSeconds(5);

	/**
	 * Longest wait, after a fetch that took all it asked for, for half the permits to
	 * come free while bodies are short: a backlog then drains in fetches of several tasks
	 * rather than one per ended body (each a call to Redis and a wake-up of the fetcher).
	 * Tasks that waited in Redis wait this much longer at most; an idle queue never.
	 */
	static final Duration GATHER_LINGER = Duration.ofNanos(200_000);

	/** The fallback poll of a fetcher waiting on its wake-up list, in poll intervals. */
	static final int IDLE_FACTOR = 5;

	/** The queue, or the pool's name. */
	private final String name;

	private final WorkerSettings settings;

	private final Permits permits;

	/** By queue; a delivery's entry is the one of its queue. */
	private final Map<String, RunningTasks> running = new LinkedHashMap<>();

	private final Signal wakeUp = new Signal();

	private final TaskRun.Factory runs;

	private final IdleWait idleWait;

	private final QueueFetch fetch;

	private final ThreadPoolExecutor pool;

	private volatile boolean fetching;

	/**
	 * Set by the fetcher once tasks waited for their concurrency key here, and kept: from
	 * then on every ending run wakes the fetcher (its delivery may have held the key), so
	 * a run ending while a fetch is under way is not missed. Queues without keys never
	 * pay for it.
	 */
	private volatile boolean keyedWork;

	private volatile @Nullable Thread fetcher;

	QueueWorker(String queue, int concurrency, RedisBroker broker, WorkerSettings settings, TaskRun.Factory runs,
			PendingWait pendingWait) {
		this(queue, QueueChoice.single(queue), concurrency, broker, settings, runs, Map.of(queue, pendingWait));
	}

	/**
	 * A worker for several queues sharing {@code concurrency} threads.
	 * @param name the pool's name, in thread names
	 * @param choice the order in which each fetch tries the queues
	 * @param pendingWaits each queue's wake-up wait
	 */
	QueueWorker(String name, QueueChoice choice, int concurrency, RedisBroker broker, WorkerSettings settings,
			TaskRun.Factory runs, Map<String, PendingWait> pendingWaits) {
		this.name = name;
		pendingWaits.keySet().forEach((member) -> this.running.put(member, new RunningTasks(this::shortBodies)));
		this.idleWait = IdleWait.of(name, pendingWaits, this.wakeUp);
		this.settings = settings;
		this.permits = new Permits(concurrency);
		this.fetch = new QueueFetch(choice, broker, settings, runs.listener(), this.permits);
		this.runs = runs;
		this.pool = runs.bodyThreads().executor(name, concurrency);
	}

	/** The queue, or the pool's name. */
	String name() {
		return this.name;
	}

	/** What the console shows of this worker (see {@link WorkerDescription}). */
	Map<String, Object> describe(int busy, int maxRunningListed) {
		return WorkerDescription.of(this.name, busy, this.permits.total(), this.running, this.settings,
				maxRunningListed);
	}

	/** Each served queue's running deliveries. */
	Map<String, RunningTasks> running() {
		return Collections.unmodifiableMap(this.running);
	}

	/** The running deliveries of {@code task}'s queue. */
	RunningTasks runningOf(RunningTask task) {
		// a sharded queue's delivery names its shard
		return this.running.get(ShardName.queueOf(task.delivery().queue()));
	}

	private Collection<RunningTask> allRunning() {
		List<RunningTask> all = new ArrayList<>();
		this.running.values().forEach((tasks) -> all.addAll(tasks.all()));
		return all;
	}

	Permits permits() {
		return this.permits;
	}

	void start() {
		this.fetching = true;
		this.fetcher = Daemons.start("asynctask-fetch-" + this.name, this::fetchLoop);
	}

	/** Stop fetching at once; running bodies go on. */
	void stopFetching() {
		this.fetching = false;
		this.wakeUp.raise();
		this.idleWait.close();
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
		for (RunningTask task : allRunning()) {
			// marked first: a success arriving once the claim is gone is still reported
			task.markHandedBack();
			if (task.claim()) {
				task.interruptBody();
				completion.requeue(task, runningOf(task));
				this.permits.release(1);
			}
		}
		this.pool.shutdownNow();
	}

	/** Stop every thread without reporting anything, as a crashed JVM would (tests). */
	void halt() {
		this.fetching = false;
		this.idleWait.close();
		allRunning().forEach((task) -> {
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
		boolean backlog = false;
		while (this.fetching) {
			int wanted;
			try {
				wanted = (backlog && shortBodies())
						? this.permits.acquireGathered(this.permits.total() / 2, GATHER_LINGER, PERMIT_WAIT)
						: this.permits.acquireAvailable(PERMIT_WAIT);
			}
			catch (InterruptedException ex) {
				return;
			}
			if (wanted == 0) {
				continue;
			}
			QueueFetch.Fetched fetched;
			try {
				fetched = this.fetch.take(wanted, this::dispatch);
				errorBackoff = Duration.ZERO;
				backlog = fetched.taken() == wanted;
			}
			catch (RuntimeException ex) {
				backlog = false;
				errorBackoff = nextErrorBackoff(errorBackoff, ex);
				this.wakeUp.awaitQuietly(errorBackoff);
				continue;
			}
			if (fetched.taken() < wanted && this.fetching) {
				if (fetched.retryAfter() != null) {
					// a rate limit held tasks back: ask again when it frees a permit
					this.wakeUp.awaitQuietly(fetched.retryAfter());
				}
				else if (fetched.keyBlocked()) {
					// tasks wait for their concurrency key: ask again when one of ours
					// ends, or after a poll for keys other instances free
					this.keyedWork = true;
					this.wakeUp.awaitQuietly(ClusterSpread.jitter(this.settings.pollInterval()));
				}
				else {
					awaitWork();
				}
			}
		}
	}

	/**
	 * Whether the bodies run on a pool whose bodies are short (see
	 * {@link ChainWakeQueue}).
	 */
	private boolean shortBodies() {
		return this.pool.getQueue() instanceof ChainWakeQueue queue && !queue.slowBodies();
	}

	/**
	 * Every queue ran dry: wait for the token the next push leaves (taken by one idle
	 * fetcher of all instances). A token stays in Redis until taken, so only a Redis that
	 * lost writes loses one: the poll that covers it may be rarer than the poll interval.
	 * If Redis cannot be reached, the plain poll interval applies.
	 */
	private void awaitWork() {
		try {
			this.idleWait.await(ClusterSpread.jitter(this.settings.pollInterval().multipliedBy(IDLE_FACTOR)));
		}
		catch (RuntimeException ex) {
			if (this.fetching) {
				logger.debug("Waiting for a wake-up of '{}' failed; polling instead", this.name, ex);
				this.wakeUp.awaitQuietly(ClusterSpread.jitter(this.settings.pollInterval()));
			}
		}
	}

	private void dispatch(Delivery delivery) {
		RunningTask task = new RunningTask(delivery, System.nanoTime() + this.settings.lease().toNanos());
		runningOf(task).add(task);
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
			this.runs.completion().requeue(task, runningOf(task));
			this.permits.release(1);
		}
	}

	/** Called once per delivery by whichever thread ended it first. */
	void ended(RunningTask task) {
		this.permits.release(1);
		if (this.keyedWork) {
			// the delivery may have held a key that pending tasks wait for
			this.wakeUp.raise();
		}
	}

	private Duration nextErrorBackoff(Duration previous, RuntimeException ex) {
		Duration next = previous.isZero() ? Duration.ofMillis(100) : previous.multipliedBy(2);
		if (next.compareTo(MAX_ERROR_BACKOFF) > 0) {
			next = MAX_ERROR_BACKOFF;
		}
		if (previous.isZero()) {
			logger.warn("Fetching from '{}' failed; backing off up to {} until Redis answers: {}", this.name,
					MAX_ERROR_BACKOFF, ex.toString());
		}
		return next;
	}

}
