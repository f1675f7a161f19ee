package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import io.github.asynctask.QueueStats;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;

/**
 * A queue loaded to a size through the broker's own scripts, so the layout is the one the
 * library writes: pending and scheduled tasks by pipelined {@code enqueue} calls of
 * {@value #CHUNK} tasks, dead ones by fetching pending tasks under a lease of 1 ms and
 * recovering them (every task has {@code maxRetries = 0}, so an expired lease makes it
 * dead). Scheduled tasks are spread evenly over a day starting an hour from now, so none
 * falls due while the scenario runs.
 */
final class Backlog {

	static final String TASK = "bench.backlog";

	/** Tasks per pipelined enqueue (split by the broker into script calls of 500). */
	static final int CHUNK = 10_000;

	/** Tasks per dequeue and recover call while loading or restoring. */
	private static final int BATCH = 1000;

	private static final Duration LONG_LEASE = Duration.ofMinutes(10);

	private static final Duration DAY = Duration.ofDays(1);

	/** Loading threads: on a loaded machine more of them get more of the CPU. */
	private static final int THREADS = 4;

	private final RedisBroker broker;

	private final String queue;

	private final Instant spreadFrom = Instant.now().plus(Duration.ofHours(1));

	/**
	 * @param broker a broker with a reply timeout long enough for pipelines of
	 * {@value #CHUNK} tasks on a loaded machine, and the completed-ids window off, so the
	 * harness's clean-ups leave no trace that would count as memory per task
	 */
	Backlog(RedisBroker broker, String queue) {
		this.broker = broker;
		this.queue = queue;
	}

	String queue() {
		return this.queue;
	}

	/** A pending task, as the submitter sends it, with a ~100-character argument. */
	EnqueueRequest request() {
		String payload = "{\"v\":1,\"args\":[\"" + TaskArg.of(System.nanoTime()) + "\"],\"to\":1800000}";
		return EnqueueRequest.now(this.queue, TaskIds.next(), TASK, payload, 0);
	}

	QueueStats stats() {
		return this.broker.stats(this.queue);
	}

	/**
	 * Brings the queue to {@code pending} pending, {@code scheduled} scheduled and
	 * {@code dead} dead tasks with nothing active: the state every measurement starts
	 * from.
	 */
	void restore(long pending, long scheduled, long dead) throws InterruptedException {
		QueueStats stats = stats();
		if (stats.active() > 0) {
			throw new IllegalStateException("Queue '" + this.queue + "' has " + stats.active() + " active tasks left");
		}
		if (stats.dead() < dead) {
			// the oldest pending tasks die; as many new ones take their place
			enqueue(dead - stats.dead(), false);
			kill(dead - stats.dead());
		}
		else if (stats.dead() > dead) {
			trimDead(dead);
		}
		stats = stats();
		if (stats.pending() < pending) {
			enqueue(pending - stats.pending(), false);
		}
		else if (stats.pending() > pending) {
			drain(stats.pending() - pending);
		}
		if (stats.scheduled() < scheduled) {
			enqueue(scheduled - stats.scheduled(), true);
		}
		stats = stats();
		if (stats.pending() != pending || stats.scheduled() != scheduled || stats.dead() != dead
				|| stats.retry() != 0) {
			throw new IllegalStateException("Queue '" + this.queue + "' should have " + pending + " pending, "
					+ scheduled + " scheduled and " + dead + " dead tasks but has " + stats);
		}
	}

	/**
	 * Enqueues {@code count} tasks: pending, or scheduled at random times over a day from
	 * an hour from now.
	 */
	void enqueue(long count, boolean scheduled) throws InterruptedException {
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<?>> chunks = new ArrayList<>();
			for (long done = 0; done < count; done += CHUNK) {
				int size = (int) Math.min(CHUNK, count - done);
				chunks.add(threads.submit(() -> this.broker.enqueueAll(requests(size, scheduled))));
			}
			for (Future<?> chunk : chunks) {
				chunk.get();
			}
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("Loading the backlog failed", ex.getCause());
		}
		finally {
			threads.shutdownNow();
		}
	}

	private List<EnqueueRequest> requests(int size, boolean scheduled) {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		List<EnqueueRequest> requests = new ArrayList<>(size);
		for (int i = 0; i < size; i++) {
			EnqueueRequest request = request();
			if (scheduled) {
				request = request.withAt(this.spreadFrom.plusNanos(random.nextLong(DAY.toNanos())));
			}
			requests.add(request);
		}
		return requests;
	}

	/** Enqueues {@code count} tasks due after {@code delay}, at the head of scheduled. */
	void enqueueDueSoon(int count, Duration delay) {
		List<EnqueueRequest> requests = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			requests.add(request().withDelay(delay));
		}
		this.broker.enqueueAll(requests);
	}

	/**
	 * Fetches {@code count} pending tasks under a lease of 1 ms and waits until it ran
	 * out: expired deliveries for the recoverer.
	 */
	void expire(long count) throws InterruptedException {
		for (long done = 0; done < count; done += BATCH) {
			int size = (int) Math.min(BATCH, count - done);
			int got = this.broker.dequeue(this.queue, size, Duration.ofMillis(1)).size();
			if (got != size) {
				throw new IllegalStateException("Fetched " + got + " of " + size + " pending tasks");
			}
		}
		Thread.sleep(5);
	}

	/** Makes {@code count} pending tasks dead through an expired lease. */
	private void kill(long count) throws InterruptedException {
		expire(count);
		long left = count;
		while (left > 0) {
			int moved = this.broker.recover(this.queue, (int) Math.min(BATCH, left), Duration.ZERO).recovered();
			if (moved == 0) {
				throw new IllegalStateException("Recovered nothing with " + left + " expired deliveries left");
			}
			left -= moved;
		}
	}

	/** Drops the oldest dead tasks beyond {@code keep}, as the janitor does. */
	private void trimDead(long keep) {
		while (this.broker.trim(this.queue, Duration.ofDays(7), (int) keep, BATCH).deadOverCap() > 0) {
			// each call drops up to a batch
		}
	}

	/** Fetches {@code count} pending tasks and completes them, leaving nothing behind. */
	void drain(long count) {
		for (long done = 0; done < count; done += BATCH) {
			int size = (int) Math.min(BATCH, count - done);
			complete(this.broker.dequeue(this.queue, size, LONG_LEASE));
		}
	}

	/** Completes deliveries (of any broker), retention 0. */
	void complete(List<Delivery> deliveries) {
		for (int from = 0; from < deliveries.size(); from += 500) {
			this.broker.completeAll(deliveries.subList(from, Math.min(deliveries.size(), from + 500)), Duration.ZERO);
		}
	}

}
