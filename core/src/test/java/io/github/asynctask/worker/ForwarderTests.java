package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.ForwardResult;
import io.github.asynctask.redis.RedisBroker;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * When the forwarder calls Redis again, for the instance holding the queue's turn and for
 * the others (the broker is a mock: the script has tests of its own).
 */
class ForwarderTests {

	private static final Duration POLL = Duration.ofSeconds(2);

	private final RedisBroker broker = mock(RedisBroker.class);

	private final ClusterSpread spread = new ClusterSpread();

	@Test
	void theTurnsHolderSleepsUntilTheNextDueTimeAndIsWokenByAnEarlierOne() {
		when(this.broker.forward(eq("q"), anyInt())).thenReturn(new ForwardResult(0, Duration.ofMillis(300)));
		Forwarder forwarder = new Forwarder(this.broker, List.of("q"), POLL, TurnsFixture.holding("q"));

		assertThat(forwarder.run()).isLessThanOrEqualTo(Duration.ofMillis(300));
		forwarder.wake("q");
		assertThat(forwarder.run()).isLessThanOrEqualTo(Duration.ofMillis(300));

		verify(this.broker, times(2)).forward(eq("q"), anyInt());
	}

	@Test
	void anInstanceWithoutTheTurnOnlyPollsSpreadOverTheInstancesAndIgnoresWakeUps() {
		when(this.broker.forward(eq("q"), anyInt())).thenReturn(new ForwardResult(0, Duration.ofMillis(300)));
		this.spread.instances("q", 1000);
		Forwarder forwarder = new Forwarder(this.broker, List.of("q"), POLL,
				TurnsFixture.heldElsewhere(this.spread, "q"));

		assertThat(forwarder.run()).isBetween(Duration.ofSeconds(1000), Duration.ofSeconds(3000));
		forwarder.wake("q");
		assertThat(forwarder.run()).isGreaterThan(Duration.ofSeconds(900));

		verify(this.broker, times(1)).forward(eq("q"), anyInt());
	}

	@Test
	void aFullBatchIsFollowedByAnotherAtOnceWhoeverHoldsTheTurn() {
		when(this.broker.forward(eq("q"), anyInt())).thenReturn(new ForwardResult(Forwarder.BATCH, null));
		this.spread.instances("q", 1000);
		Forwarder forwarder = new Forwarder(this.broker, List.of("q"), POLL,
				TurnsFixture.heldElsewhere(this.spread, "q"));

		assertThat(forwarder.run()).isZero();
	}

}
