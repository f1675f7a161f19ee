package io.github.asynctask.flow;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

import io.github.asynctask.redis.DueWaits;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.worker.PeriodicSweeper;
import io.github.asynctask.worker.SweepPacing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes what crashes interrupted, per served queue and on its own thread: waiting
 * tasks at each check are registered again and released for what is met (a submit cut
 * short, a registration lost); those past their deadline that this does not release go
 * dead, and their registrations are forgotten, as are those of deleted tasks; releases
 * owed longer than a grace (a completing worker that died) are carried out, and the
 * waiters of a met condition are moved to them in batches. Every step is idempotent, so
 * instances sweeping the same queue at once do no harm. Each run reads only due entries.
 * Queues that no {@code after} rule names are swept less often while they have nothing to
 * do ({@link SweepPacing}).
 */
public final class FlowSweeper extends PeriodicSweeper {

	private static final Logger logger = LoggerFactory.getLogger(FlowSweeper.class);

	private static final int BATCH = FlowStore.BATCH;

	/**
	 * A queue that no {@code after} rule names and whose sweeps find nothing is swept at
	 * least every this many intervals.
	 */
	static final int MOST_INTERVALS = 10;

	private final FlowStore store;

	private final FlowReleases releases;

	private final Supplier<? extends Iterable<String>> queues;

	private final Duration grace;

	/** Confined to the sweeper's thread. */
	private final SweepPacing pacing;

	/** Queues whose completions just left releases owed: swept at once. */
	private final BlockingQueue<String> owedIn = new LinkedBlockingQueue<>();

	/**
	 * A sweeper of every queue at each interval.
	 * @param queues the queues this instance serves
	 * @param interval time between sweeps
	 * @param grace how long a release stays owed before the sweep carries it out
	 */
	public FlowSweeper(FlowStore store, Supplier<? extends Iterable<String>> queues, Duration interval,
			Duration grace) {
		this(store, queues, (queue) -> true, interval, grace);
	}

	/**
	 * @param queues the queues this instance serves
	 * @param steady the queues swept at every interval (those the {@code after} rules
	 * name); the others, while they have nothing to do, at least every
	 * {@value #MOST_INTERVALS} intervals
	 * @param interval time between sweeps
	 * @param grace how long a release stays owed before the sweep carries it out
	 */
	public FlowSweeper(FlowStore store, Supplier<? extends Iterable<String>> queues, Predicate<String> steady,
			Duration interval, Duration grace) {
		super("asynctask-flows", interval, logger);
		this.store = store;
		this.releases = new FlowReleases(store);
		this.queues = queues;
		this.grace = grace;
		this.pacing = new SweepPacing(steady, interval, interval.multipliedBy(MOST_INTERVALS));
	}

	/**
	 * A completion in {@code queue} left releases owed (per-call {@code after}, or more
	 * waiters than one batch): carry them out now on the sweeper's thread rather than
	 * after the next interval.
	 */
	public void owedIn(String queue) {
		if (!this.owedIn.contains(queue)) {
			this.owedIn.add(queue);
		}
	}

	/** Carry out the releases owed by {@code queue}, however recent. */
	void releaseOwed(String queue) {
		try {
			List<String> owed = this.store.owed(queue, Duration.ZERO, BATCH);
			if (carryOut(queue, owed)) {
				// the next batch after the other queues' due sweeps
				owedIn(queue);
			}
		}
		catch (RuntimeException ex) {
			logger.warn(
					"Releasing the tasks waiting for completed tasks of queue '{}' failed: {}; the sweep " + "retries",
					queue, ex.toString());
		}
	}

	/**
	 * Carry out owed entries of {@code queue}, one batch of each drain among them.
	 * @return whether more are left: drains not finished, or as many entries as asked
	 */
	private boolean carryOut(String queue, List<String> owed) {
		return !owed.isEmpty() && (this.releases.carryOut(queue, owed, true) || owed.size() >= BATCH);
	}

	/** One sweep of every served queue (the loop's body; tests call it directly). */
	public void sweepOnce() {
		for (String queue : this.queues.get()) {
			sweepOrWarn(queue);
		}
	}

	/**
	 * Stretches each queue's sweep intervals by the number of instances it is spread over
	 * (issue 37): 1 on the instance holding the queue's agent turn, which keeps the
	 * interval, the instances serving it on the others, so the fleet's sweeps stay flat.
	 */
	public void spread(ToIntFunction<String> spreadOver) {
		this.pacing.instances(spreadOver);
	}

	/**
	 * Sweep {@code queue}; true when it had work or failed (swept again soon). A failure
	 * warns once until a sweep succeeds again, not at every interval.
	 */
	private boolean sweepOrWarn(String queue) {
		try {
			boolean worked = sweep(queue);
			succeeded();
			return worked;
		}
		catch (RuntimeException ex) {
			failed("Sweeping the waiting tasks of queue '" + queue + "'", ex);
			return true;
		}
	}

	private boolean sweep(String queue) {
		DueWaits due = this.store.due(queue, BATCH);
		int dead = due.dead();
		for (DueWaits.Check check : due.checks()) {
			if (check(queue, check)) {
				dead++;
			}
		}
		if (dead > 0) {
			logger.info("{} waiting task(s) of queue '{}' went to dead (wait timeout or unreadable data)", dead, queue);
		}
		List<String> owed = this.store.owed(queue, this.grace, BATCH);
		if (!owed.isEmpty()) {
			logger.info("Carrying out {} release(s) owed by completed tasks of queue '{}'", owed.size(), queue);
			if (carryOut(queue, owed)) {
				owedIn(queue);
			}
		}
		return dead > 0 || !due.checks().isEmpty() || !owed.isEmpty();
	}

	/**
	 * Registers a due waiting task again and releases it for what is met; one past its
	 * deadline that this did not release goes dead, and an ended one's registrations are
	 * forgotten.
	 * @return whether it went to dead
	 */
	private boolean check(String queue, DueWaits.Check check) {
		List<EnqueueRequest.Awaited> after = AwaitedPairs.left(queue, check);
		Duration waitLeft = Duration.ofMillis(Math.max(0, check.millisLeft()));
		boolean dead = switch (check.kind()) {
			case WAITING -> {
				this.store.watchAll(queue, check.id(), after, waitLeft);
				yield false;
			}
			case EXPIRED ->
				!this.store.watchAll(queue, check.id(), after, waitLeft) && this.store.expire(queue, check.id());
			case GONE -> false;
		};
		if (dead || check.kind() == DueWaits.Kind.GONE) {
			after.forEach((awaited) -> this.store.unwatch(awaited, queue, check.id()));
		}
		return dead;
	}

	@Override
	protected void starting() {
		this.store.onDrainsLeft(this::owedIn);
	}

	@Override
	protected void sweepRound() {
		long now = System.nanoTime();
		for (String queue : this.queues.get()) {
			if (this.pacing.due(queue, now)) {
				this.pacing.swept(queue, sweepOrWarn(queue), now);
			}
		}
	}

	/** Until the next queue is due, or a completion left releases owed: those at once. */
	@Override
	protected void pause() throws InterruptedException {
		String queue = this.owedIn.poll(this.pacing.nanosUntilNext(System.nanoTime()), TimeUnit.NANOSECONDS);
		if (queue != null) {
			this.pacing.wake(queue, System.nanoTime());
			releaseOwed(queue);
		}
	}

}
