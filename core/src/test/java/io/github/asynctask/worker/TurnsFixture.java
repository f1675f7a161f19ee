package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.AgentTurn;
import io.github.asynctask.redis.FleetCalls;
import io.github.asynctask.redis.FleetSize;

/** Queue turns for agents under test: held, or held by another instance. */
final class TurnsFixture {

	private TurnsFixture() {
	}

	/** Turns this instance holds for an hour. */
	static QueueTurns holding(String... queues) {
		return turns(true, new ClusterSpread(), queues);
	}

	/** Turns another instance holds for an hour, spread over {@code spread}'s counts. */
	static QueueTurns heldElsewhere(ClusterSpread spread, String... queues) {
		return turns(false, spread, queues);
	}

	private static QueueTurns turns(boolean held, ClusterSpread spread, String... queues) {
		FleetCalls fleet = new FleetCalls() {

			@Override
			public FleetSize heartbeat(String instanceId, String info, Duration ttl,
					java.util.Collection<String> names) {
				throw new UnsupportedOperationException();
			}

			@Override
			public AgentTurn takeTurn(String queue, String instanceId, Duration length) {
				return new AgentTurn(held, length);
			}

		};
		QueueTurns turns = new QueueTurns(fleet, List.of(queues), "test", Duration.ofHours(1), Duration.ofSeconds(1),
				spread, (queue) -> {
				}, System::nanoTime);
		turns.run();
		return turns;
	}

}
