package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.FleetCalls;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.shard.ShardedRedisBroker;

/**
 * This instance's periodic agents on its queues, each on a thread of its own: the queue
 * turns, the forwarder, the recoverer and the janitor, paced together over the fleet
 * ({@link QueueTurns}).
 */
final class FleetAgents {

	private final ClusterSpread spread = new ClusterSpread();

	private final QueueTurns turns;

	private final Forwarder forwarding;

	private final Recoverer recovering;

	private final PeriodicLoop turnLoop;

	private final PeriodicLoop forwarder;

	private final PeriodicLoop recoverer;

	private final List<PeriodicLoop> loops;

	private final List<String> queues;

	private final Duration lookBase;

	FleetAgents(RedisBroker broker, WorkerSettings settings, List<String> queues, String instanceId,
			TaskListener listener) {
		Duration retryDelay = settings.pollInterval();
		this.queues = List.copyOf(queues);
		this.lookBase = lookBase(settings);
		this.turns = new QueueTurns(of(broker), queues, instanceId, turnLength(settings), lookBase(settings),
				this.spread, this::taken, System::nanoTime);
		this.turnLoop = new PeriodicLoop("asynctask-turns", this.turns, retryDelay);
		this.forwarding = new Forwarder(broker, queues, settings.pollInterval(), this.turns);
		this.forwarder = new PeriodicLoop("asynctask-forwarder", this.forwarding, retryDelay);
		this.recovering = new Recoverer(broker, queues, settings.recoverInterval(), settings.lease(), this.turns);
		this.recoverer = new PeriodicLoop("asynctask-recoverer", this.recovering, retryDelay);
		PeriodicLoop janitor = new PeriodicLoop("asynctask-janitor", new Janitor(broker, queues, settings.retention(),
				settings.janitorInterval(), this.turns, this.spread, listener), retryDelay);
		this.loops = List.of(this.turnLoop, this.forwarder, this.recoverer, janitor);
	}

	/**
	 * How long a queue's turn lasts without renewal: half a lease, so that when its
	 * holder dies another instance takes it over, and recovers the holder's expired
	 * leases, well within the lease.
	 */
	static Duration turnLength(WorkerSettings settings) {
		return settings.lease().dividedBy(2);
	}

	/**
	 * How often the fleet as a whole looks for a free turn of a queue: a fifteenth of the
	 * lease (2 s at the default 30 s), so that a dead holder's turn, free after half a
	 * lease, is taken over within the other half but for a chance of about e^-7.5.
	 */
	static Duration lookBase(WorkerSettings settings) {
		return settings.lease().dividedBy(15);
	}

	/**
	 * The fleet's calls of the broker, of the broker holding a sharded queue's shards.
	 */
	static FleetCalls of(RedisBroker broker) {
		return ((broker instanceof ShardedRedisBroker sharded) ? sharded.shards() : broker).fleet();
	}

	ClusterSpread spread() {
		return this.spread;
	}

	/** 1 while this instance holds the queue's turn, else the instances serving it. */
	int spreadOver(String queue) {
		return this.turns.holds(queue) ? 1 : this.spread.instances(queue);
	}

	/**
	 * How late this instance calls for a due schedule tick of the queue: at once while it
	 * holds the queue's turn or does not serve the queue; else a random delay from
	 * {@code lease / 15} (so the holder's call comes first) to that plus twice it times
	 * the instances serving the queue, so that the fleet's first fallback call comes
	 * about {@code 3 × lease / 15} after a tick its holder missed.
	 */
	Duration tickFallback(String queue) {
		if (!this.queues.contains(queue) || this.turns.holds(queue)) {
			return Duration.ZERO;
		}
		return this.spread.scatter(queue, this.lookBase);
	}

	void start() {
		this.loops.forEach(PeriodicLoop::start);
	}

	/** A task of the queue may have become due earlier than planned. */
	void due(String queue) {
		this.forwarding.wake(queue);
		this.forwarder.wake();
	}

	private void taken(String queue) {
		this.forwarding.wake(queue);
		this.forwarder.wake();
		this.recovering.wake(queue);
		this.recoverer.wake();
	}

	/** Stop every agent, then give back the turns held. */
	void stop(Duration timeout) {
		this.loops.forEach((loop) -> loop.stop(timeout));
		this.turns.release();
	}

	/** Stop at once, keeping the turns until they expire, as a crash would. */
	void halt() {
		this.loops.forEach(PeriodicLoop::halt);
	}

}
