package io.github.asynctask.submit;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.Collectors;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps committed submits Redis could not take, and re-sends them from one background
 * thread ({@code asynctask-resend}) with exponential backoff until Redis takes them. Each
 * request keeps its id, so a re-send of one Redis did take is answered
 * {@code ALREADY_EXISTS} while Redis holds the task's data and, once the task completed,
 * for {@code async-task.retention.completed-ids} after that. Past both (the task deleted,
 * or completed longer ago than that window) a re-send records it again, unless its bizId
 * is still remembered.
 * <p>
 * Guarantee: a committed submit reaches Redis if Redis is back before this buffer is full
 * and before the JVM stops. Beyond {@code capacity} requests, new ones are dropped with
 * an ERROR log naming each task; the caller is never blocked. On {@link #close()} one
 * last attempt is made and anything still held is logged at ERROR.
 */
public final class ResendBuffer implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(ResendBuffer.class);

	static final Duration FIRST_BACKOFF = Duration.ofMillis(100);

	static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

	static final int MAX_BATCH = 500;

	private final RedisBroker broker;

	private final int capacity;

	private final TaskListener listener;

	// Guarded by this.
	private final Deque<EnqueueRequest> pending = new ArrayDeque<>();

	// Guarded by this.
	private @Nullable Thread thread;

	// Guarded by this.
	private boolean closed;

	// Set by the submitter at start-up; read by offering threads and the re-send thread.
	private volatile SubmitFates fates = SubmitFates.NONE;

	/**
	 * Create a buffer.
	 * @param broker the broker to re-send through
	 * @param capacity the most requests held
	 * @param listener told the buffer size whenever it changes
	 */
	public ResendBuffer(RedisBroker broker, int capacity, TaskListener listener) {
		if (capacity <= 0) {
			throw new IllegalArgumentException("Re-send buffer capacity must be positive but was " + capacity);
		}
		this.broker = broker;
		this.capacity = capacity;
		this.listener = listener;
	}

	/**
	 * Hold these requests for re-sending; those beyond the capacity are dropped and
	 * logged.
	 */
	public void offer(List<EnqueueRequest> requests) {
		List<EnqueueRequest> dropped = new ArrayList<>();
		int size;
		synchronized (this) {
			for (EnqueueRequest request : requests) {
				if (this.pending.size() < this.capacity && !this.closed) {
					this.pending.addLast(request);
				}
				else {
					dropped.add(request);
				}
			}
			size = this.pending.size();
			startIfNeeded();
			notifyAll();
		}
		this.listener.resendBufferSize(size);
		if (!dropped.isEmpty()) {
			logger.error(
					"async-task re-send buffer is full ({} tasks) or closed: {} committed task(s) that Redis "
							+ "did not confirm MAY BE LOST (a call that timed out may still have been applied): {}",
					this.capacity, dropped.size(), describe(dropped));
			this.fates.dropped(dropped,
					"Redis did not confirm it at the commit and the re-send buffer was full (" + this.capacity
							+ " tasks) or closing, so it may be lost (if a call that timed out did reach "
							+ "Redis, AsyncTaskTemplate.result reads its result)");
		}
	}

	/** Tell {@code fates} what became of each request: sent at last, or dropped. */
	void tell(SubmitFates fates) {
		this.fates = fates;
	}

	/** The number of requests held now. */
	public synchronized int size() {
		return this.pending.size();
	}

	private void startIfNeeded() {
		if (this.thread == null && !this.closed) {
			Thread thread = new Thread(this::run, "asynctask-resend");
			thread.setDaemon(true);
			this.thread = thread;
			thread.start();
		}
	}

	private void run() {
		Duration backoff = FIRST_BACKOFF;
		while (true) {
			List<EnqueueRequest> batch = nextBatch();
			if (batch == null) {
				return;
			}
			if (send(batch)) {
				backoff = FIRST_BACKOFF;
			}
			else if (!sleep(backoff)) {
				return;
			}
			else {
				backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
			}
		}
	}

	private synchronized @Nullable List<EnqueueRequest> nextBatch() {
		while (this.pending.isEmpty() && !this.closed) {
			try {
				wait();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return null;
			}
		}
		if (this.closed) {
			return null;
		}
		return this.pending.stream().limit(MAX_BATCH).toList();
	}

	private boolean send(List<EnqueueRequest> batch) {
		List<EnqueueResult> results;
		try {
			results = this.broker.enqueueAll(batch);
		}
		catch (RuntimeException ex) {
			logger.debug("Re-sending {} task(s) failed; retrying", batch.size(), ex);
			return false;
		}
		int size;
		synchronized (this) {
			for (int i = 0; i < batch.size(); i++) {
				this.pending.pollFirst();
			}
			size = this.pending.size();
		}
		logger.info("Re-sent {} committed task(s) to Redis; {} still waiting", batch.size(), size);
		this.listener.resendBufferSize(size);
		for (int i = 0; i < batch.size(); i++) {
			if (results.get(i).outcome() == EnqueueResult.Outcome.QUEUE_FULL) {
				// a full queue (max-backlog) is no outage to wait out here: never silent
				logger.error(
						"Committed task '{}' ({}) of queue '{}' was re-sent to a full queue (max-backlog) and "
								+ "is DROPPED; turn the outbox on to keep such tasks",
						batch.get(i).name(), batch.get(i).id(), batch.get(i).queue());
				this.fates.dropped(List.of(batch.get(i)), "its queue was full (max-backlog) when it was re-sent");
			}
			else {
				this.fates.recorded(batch.get(i), results.get(i));
			}
		}
		return true;
	}

	private synchronized boolean sleep(Duration backoff) {
		try {
			long deadline = System.nanoTime() + backoff.toNanos();
			long left = backoff.toNanos();
			while (!this.closed && left > 0) {
				wait(Math.max(1, left / 1_000_000));
				left = deadline - System.nanoTime();
			}
			return !this.closed;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * Stop the re-send thread, try once more to send what is held, and log at ERROR what
	 * still could not be sent.
	 */
	@Override
	public void close() {
		Thread thread;
		synchronized (this) {
			this.closed = true;
			thread = this.thread;
			notifyAll();
		}
		if (thread != null) {
			try {
				thread.join(MAX_BACKOFF.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		List<EnqueueRequest> left;
		synchronized (this) {
			left = new ArrayList<>(this.pending);
		}
		while (!left.isEmpty()) {
			List<EnqueueRequest> batch = left.subList(0, Math.min(MAX_BATCH, left.size()));
			if (!send(batch)) {
				logger.error(
						"async-task is closing with {} committed task(s) Redis did not confirm; they MAY BE "
								+ "LOST (a call that timed out may still have been applied): {}",
						left.size(), describe(left));
				this.fates.dropped(left, "Redis did not confirm it at the commit, nor before async-task closed, so it "
						+ "may be lost (if a call that timed out did reach Redis, AsyncTaskTemplate.result reads its "
						+ "result)");
				return;
			}
			left = new ArrayList<>(left.subList(batch.size(), left.size()));
		}
	}

	/**
	 * Each task's name, id, queue and bizId, for logs that must let someone re-submit it.
	 */
	static String describe(List<EnqueueRequest> requests) {
		return requests.stream()
			.map((request) -> request.name() + "[id=" + request.id() + ", queue=" + request.queue()
					+ ((request.bizId() != null) ? ", bizId=" + request.bizId() : "") + "]")
			.collect(Collectors.joining(", "));
	}

}
