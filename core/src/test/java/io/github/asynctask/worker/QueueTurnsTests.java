package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.redis.AgentTurn;
import io.github.asynctask.redis.FleetCalls;
import io.github.asynctask.redis.FleetSize;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * How the queue turns pace an instance's agents, on a fake clock and an in-memory turn
 * table that works as turn.lua does.
 */
class QueueTurnsTests {

	private static final Duration LENGTH = Duration.ofSeconds(15);

	private static final Duration LOOK = Duration.ofSeconds(2);

	private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

	private final Turns fleet = new Turns(this.nanos);

	private final List<String> taken = new ArrayList<>();

	private final ClusterSpread spread = new ClusterSpread();

	private QueueTurns instance(String id) {
		return new QueueTurns(this.fleet, List.of("q"), id, LENGTH, LOOK, this.spread,
				(queue) -> this.taken.add(id + ":" + queue), this.nanos::get);
	}

	@Test
	void aLoneInstanceTakesTheTurnAtOnceAndRenewsItAtAThirdOfItsLength() {
		QueueTurns a = instance("a");

		assertThat(a.run()).isEqualTo(LENGTH.dividedBy(3));
		assertThat(a.holds("q")).isTrue();
		assertThat(this.taken).containsExactly("a:q");
		advance(LENGTH.dividedBy(3));
		assertThat(a.run()).isEqualTo(LENGTH.dividedBy(3));
		assertThat(this.taken).as("told once, when taken").containsExactly("a:q");
		assertThat(this.fleet.calls).isEqualTo(2);
	}

	@Test
	void theHolderWorksAtTheBaseIntervalAndTheOthersSpreadOverTheInstancesServingTheQueue() {
		QueueTurns a = instance("a");
		QueueTurns b = instance("b");
		a.run();
		this.spread.instances("q", 100);

		Duration look = b.run();

		assertThat(b.holds("q")).isFalse();
		// just after the holder's turn would end, then spread: 100 x 2 s, randomised
		assertThat(look).isBetween(LENGTH.plusSeconds(100), LENGTH.plusSeconds(300));
		for (int i = 0; i < 50; i++) {
			assertThat(a.interval("q", Duration.ofSeconds(10))).isBetween(Duration.ofSeconds(5),
					Duration.ofSeconds(15));
			assertThat(b.interval("q", Duration.ofSeconds(10))).isBetween(Duration.ofSeconds(500),
					Duration.ofSeconds(1500));
		}
	}

	@Test
	void aTurnWhoseHolderStoppedRenewingPassesToTheNextInstanceThatLooks() {
		QueueTurns a = instance("a");
		QueueTurns b = instance("b");
		a.run();
		Duration look = b.run();
		assertThat(b.holds("q")).isFalse();

		// a dies: nothing renews its turn
		advance(look);

		assertThat(b.run()).isEqualTo(LENGTH.dividedBy(3));
		assertThat(b.holds("q")).isTrue();
		assertThat(a.holds("q")).as("a's own view ran out with its turn").isFalse();
		assertThat(this.taken).containsExactly("a:q", "b:q");
	}

	@Test
	void anInstanceThatCannotRenewStopsHoldingWhenItsTurnWouldHaveEnded() {
		QueueTurns a = instance("a");
		a.run();
		this.fleet.down = true;
		advance(LENGTH.dividedBy(3));
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(a::run);
		assertThat(a.holds("q")).isTrue();

		advance(LENGTH);

		assertThat(a.holds("q")).isFalse();
	}

	@Test
	void aReleasedTurnIsFreeForTheNextInstanceAtOnce() {
		QueueTurns a = instance("a");
		QueueTurns b = instance("b");
		a.run();
		b.run();

		a.release();

		assertThat(a.holds("q")).isFalse();
		assertThat(this.fleet.holder).isEmpty();
		assertThat(instance("c").run()).isEqualTo(LENGTH.dividedBy(3));
	}

	private void advance(Duration duration) {
		this.nanos.addAndGet(duration.toNanos());
	}

	/** One queue's turn as turn.lua keeps it, on the fake clock. */
	private static final class Turns implements FleetCalls {

		private final AtomicLong nanos;

		private final Map<String, String> holder = new HashMap<>();

		private long expiresAt;

		private int calls;

		private boolean down;

		Turns(AtomicLong nanos) {
			this.nanos = nanos;
		}

		@Override
		public FleetSize heartbeat(String instanceId, String info, Duration ttl, Collection<String> queues) {
			throw new UnsupportedOperationException();
		}

		@Override
		public AgentTurn takeTurn(String queue, String instanceId, Duration length) {
			if (this.down) {
				throw new IllegalStateException("Redis is down");
			}
			this.calls++;
			long now = this.nanos.get();
			if (this.expiresAt - now <= 0) {
				this.holder.remove(queue);
			}
			String current = this.holder.get(queue);
			if (length.isZero()) {
				if (instanceId.equals(current)) {
					this.holder.remove(queue);
				}
				return new AgentTurn(false, Duration.ZERO);
			}
			if (current == null || current.equals(instanceId)) {
				this.holder.put(queue, instanceId);
				this.expiresAt = now + length.toNanos();
				return new AgentTurn(true, length);
			}
			return new AgentTurn(false, Duration.ofNanos(this.expiresAt - now));
		}

	}

}
