package io.github.asynctask.batch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

import io.github.asynctask.redis.store.BatchOwedStore;
import io.github.asynctask.worker.PeriodicSweeper;
import io.github.asynctask.worker.SweepPacing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the batch reports that queues owe (a child cancelled, killed, deleted, buried
 * or recovered to dead: ended without its worker reporting it) to their batches, counted
 * dead, then settles them; on its own thread, every served queue and shard at each
 * interval on the instance holding the queue's agent turn, spread over the instances
 * serving it on the others (so the fleet's calls stay flat in their number). A report
 * counts once by the child's bit, so instances delivering the same entry at once, or one
 * delivered again after a crash before its settle, change nothing.
 */
public final class BatchOwedReports extends PeriodicSweeper {

	private static final Logger logger = LoggerFactory.getLogger(BatchOwedReports.class);

	/** Most entries read per queue and call. */
	static final int BATCH = 100;

	private final BatchOwedStore owed;

	private final BatchCallbacks callbacks;

	private final BatchMeters meters;

	private final Supplier<? extends Iterable<String>> queues;

	/** Confined to the sweeper's thread. */
	private final SweepPacing pacing;

	/**
	 * @param queues the queues (and shards) this instance serves
	 * @param interval time between deliveries
	 */
	public BatchOwedReports(BatchOwedStore owed, Batches batches, Supplier<? extends Iterable<String>> queues,
			Duration interval) {
		this(owed, batches.callbacks(), batches.meters(), queues, interval);
	}

	BatchOwedReports(BatchOwedStore owed, BatchCallbacks callbacks, BatchMeters meters,
			Supplier<? extends Iterable<String>> queues, Duration interval) {
		super("asynctask-batch-reports", interval, logger);
		this.owed = owed;
		this.callbacks = callbacks;
		this.meters = meters;
		this.queues = queues;
		this.pacing = new SweepPacing((queue) -> true, interval, interval);
	}

	/**
	 * Stretches each queue's interval by the number of instances its deliveries are
	 * spread over: 1 on the instance holding the queue's agent turn, the instances
	 * serving it on the others.
	 */
	public void spread(ToIntFunction<String> spreadOver) {
		this.pacing.instances(spreadOver);
	}

	/** Deliver all {@code queue} owes; false when it failed (warned once a streak). */
	private boolean deliverAll(String queue) {
		try {
			while (deliver(queue) >= BATCH) {
				// more are owed: the next batch at once
			}
			return true;
		}
		catch (RuntimeException ex) {
			failed("Delivering the batch reports owed by queue '" + queue + "'", ex);
			return false;
		}
	}

	@Override
	protected void sweepRound() {
		long now = System.nanoTime();
		boolean delivered = true;
		boolean asked = false;
		for (String queue : this.queues.get()) {
			if (this.pacing.due(queue, now)) {
				asked = true;
				delivered &= deliverAll(queue);
				this.pacing.swept(queue, true, now);
			}
		}
		if (delivered && asked) {
			succeeded();
		}
	}

	/** Until the next queue is due. */
	@Override
	protected void pause() throws InterruptedException {
		TimeUnit.NANOSECONDS.sleep(this.pacing.nanosUntilNext(System.nanoTime()));
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

}
