package io.github.asynctask.batch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.store.BatchOwedStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Delivers the batch reports that queues owe (a child cancelled, killed, deleted, buried
 * or recovered to dead: ended without its worker reporting it) to their batches, counted
 * dead, then settles them; on its own thread, every served queue and shard at each
 * interval. A report counts once by the child's bit, so instances delivering the same
 * entry at once, or one delivered again after a crash before its settle, change nothing.
 */
public final class BatchOwedReports implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(BatchOwedReports.class);

	/** Most entries read per queue and call. */
	static final int BATCH = 100;

	private final BatchOwedStore owed;

	private final BatchCallbacks callbacks;

	private final BatchMeters meters;

	private final Supplier<? extends Iterable<String>> queues;

	private final Duration interval;

	/** Guarded by this. */
	private @Nullable Thread thread;

	private volatile boolean running;

	private volatile RedisReachability reachability = new RedisReachability("Redis");

	/** Whether the last delivery failed (one WARN until one succeeds again). */
	private boolean failing;

	/**
	 * @param queues the queues (and shards) this instance serves
	 * @param interval time between deliveries
	 */
	public BatchOwedReports(BatchOwedStore owed, Batches batches, Supplier<? extends Iterable<String>> queues,
			Duration interval) {
		this.owed = owed;
		this.callbacks = batches.callbacks();
		this.meters = batches.meters();
		this.queues = queues;
		this.interval = interval;
	}

	/** Deliver what every served queue owes (the loop's body; tests call it directly). */
	public void deliverOnce() {
		boolean delivered = true;
		boolean asked = false;
		for (String queue : this.queues.get()) {
			try {
				asked = true;
				while (deliver(queue) >= BATCH) {
					// more are owed: the next batch at once
				}
			}
			catch (RuntimeException ex) {
				failed(queue, ex);
				delivered = false;
			}
		}
		if (delivered && asked) {
			this.reachability.reached();
			this.failing = false;
		}
	}

	/**
	 * Shared with the workers: while Redis has not answered since start-up, a failed
	 * delivery says so there (one WARN for every part) instead of in a WARN of its own.
	 */
	public void reachability(RedisReachability reachability) {
		this.reachability = reachability;
	}

	private void failed(String queue, RuntimeException ex) {
		if (!this.reachability.isReached()) {
			this.reachability.unreachable("Delivering the batch reports owed by queue '" + queue + "'", ex);
		}
		else if (!this.failing) {
			this.failing = true;
			logger.warn("Delivering the batch reports owed by queue '{}' failed: {}; trying again every {}", queue,
					ex.toString(), this.interval);
		}
		else {
			logger.debug("Delivering the batch reports owed by queue '{}' failed again", queue, ex);
		}
	}

	/**
	 * Deliver one batch of what {@code queue} owes.
	 * @return the entries read
	 */
	int deliver(String queue) {
		List<String> entries = this.owed.owed(queue, BATCH);
		List<String> done = new ArrayList<>(entries.size());
		try {
			for (String entry : entries) {
				BatchScope.Child child = BatchScope.Child.parse(entry);
				if (child != null) {
					this.callbacks.fire(child.batchId(),
							this.callbacks.store().report(child.batchId(), child.index(), true));
				}
				done.add(entry);
			}
		}
		finally {
			this.owed.settle(queue, done);
			if (!done.isEmpty()) {
				this.meters.owedReported(done.size());
			}
		}
		return entries.size();
	}

	@Override
	public synchronized void start() {
		if (this.running) {
			return;
		}
		this.running = true;
		Thread thread = new Thread(this::loop, "asynctask-batch-reports");
		thread.setDaemon(true);
		this.thread = thread;
		thread.start();
	}

	private void loop() {
		while (this.running) {
			deliverOnce();
			try {
				Thread.sleep(this.interval.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	@Override
	public void stop() {
		Thread thread;
		synchronized (this) {
			this.running = false;
			thread = this.thread;
			this.thread = null;
		}
		if (thread != null) {
			thread.interrupt();
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
