package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import io.github.asynctask.redis.AgentTurn;
import io.github.asynctask.redis.FleetCalls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Paces this instance's periodic agents for each queue it serves so that the fleet's cost
 * stays flat in the number of instances. One instance at a time holds a queue's turn (a
 * key that expires unless renewed): it does the queue's work as a lone instance would,
 * forwarding at each due time and recovering just after each lease deadline. The others
 * do the same work only as a fallback, at the base interval times the instances serving
 * the queue, randomised (Sidekiq's rule), and look for a free turn at that pace just
 * after the holder's turn would run out; so a turn whose holder died is taken over about
 * one {@code lookBase} after it expires.
 */
final class QueueTurns implements PeriodicLoop.Step {

	private static final Logger logger = LoggerFactory.getLogger(QueueTurns.class);

	private final FleetCalls fleet;

	private final List<String> queues;

	private final String instanceId;

	private final Duration length;

	private final Duration lookBase;

	private final ClusterSpread spread;

	private final Consumer<String> taken;

	private final LongSupplier nanos;

	private final QueueTimes times = new QueueTimes();

	/** Until when (nanos) this instance holds each queue's turn; written by the loop. */
	private final Map<String, Long> heldUntil = new ConcurrentHashMap<>();

	/**
	 * @param length how long a turn lasts without renewal; renewed at a third of it
	 * @param lookBase how often the fleet as a whole looks for a free turn of a queue
	 * @param taken told each queue whose turn this instance took, to run its agents now
	 */
	QueueTurns(FleetCalls fleet, List<String> queues, String instanceId, Duration length, Duration lookBase,
			ClusterSpread spread, Consumer<String> taken, LongSupplier nanos) {
		this.fleet = fleet;
		this.queues = List.copyOf(queues);
		this.instanceId = instanceId;
		this.length = length;
		this.lookBase = lookBase;
		this.spread = spread;
		this.taken = taken;
		this.nanos = nanos;
	}

	@Override
	public Duration run() {
		for (String queue : this.queues) {
			long now = this.nanos.getAsLong();
			if (this.times.due(queue, now)) {
				this.times.runIn(queue, look(queue, now), now);
			}
		}
		return this.times.untilNext(this.nanos.getAsLong());
	}

	private Duration look(String queue, long sent) {
		AgentTurn turn = this.fleet.takeTurn(queue, this.instanceId, this.length);
		if (turn.held()) {
			boolean had = holds(queue);
			// measured before the call: the turn cannot end earlier than this
			this.heldUntil.put(queue, sent + this.length.toNanos());
			if (!had) {
				logger.debug("Instance {} took the agent turn of queue '{}'", this.instanceId, queue);
				this.taken.accept(queue);
			}
			return this.length.dividedBy(3);
		}
		this.heldUntil.remove(queue);
		return turn.left().plus(this.spread.spread(queue, this.lookBase));
	}

	/** Whether this instance holds the queue's turn now. */
	boolean holds(String queue) {
		Long until = this.heldUntil.get(queue);
		return until != null && until - this.nanos.getAsLong() > 0;
	}

	/**
	 * How long until this instance does a periodic round of the queue again: about
	 * {@code base} while it holds the queue's turn, that times the instances serving the
	 * queue otherwise; randomised either way.
	 */
	Duration interval(String queue, Duration base) {
		return holds(queue) ? ClusterSpread.around(base) : this.spread.spread(queue, base);
	}

	/** Give back the turns held, so that another instance takes them at its next look. */
	void release() {
		for (String queue : List.copyOf(this.heldUntil.keySet())) {
			this.heldUntil.remove(queue);
			try {
				this.fleet.takeTurn(queue, this.instanceId, Duration.ZERO);
			}
			catch (RuntimeException ex) {
				logger.debug("Could not give back the agent turn of queue '{}'; it expires after {}", queue,
						this.length, ex);
			}
		}
	}

}
