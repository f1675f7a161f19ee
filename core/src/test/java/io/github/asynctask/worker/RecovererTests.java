package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.RecoverResult;
import io.github.asynctask.redis.RedisBroker;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * When the recoverer calls Redis. The broker is a mock: what is tested is the timing of
 * the calls, not the script (LuaRedisBrokerIntegrationTests covers that).
 */
class RecovererTests {

	private final RedisBroker broker = mock(RedisBroker.class);

	@Test
	void forALeaseAfterRedisWasUnavailableItRecoversNothingSoLiveWorkersReportFirst() {
		when(this.broker.sinceUnavailable()).thenReturn(Duration.ofMillis(500));
		Recoverer recoverer = new Recoverer(this.broker, List.of("q"), Duration.ofSeconds(15), Duration.ofSeconds(3),
				TurnsFixture.holding("q"));

		assertThat(recoverer.run()).isBetween(Duration.ofSeconds(2), Duration.ofMillis(2500));

		verify(this.broker, never()).recover(eq("q"), anyInt(), any());
	}

	@Test
	void aLeaseAfterRedisWasUnavailableItRecoversAgain() {
		when(this.broker.sinceUnavailable()).thenReturn(Duration.ofSeconds(3));
		when(this.broker.recover(eq("q"), anyInt(), any())).thenReturn(new RecoverResult(0, null));
		Recoverer recoverer = new Recoverer(this.broker, List.of("q"), Duration.ofSeconds(15), Duration.ofSeconds(3),
				TurnsFixture.holding("q"));

		recoverer.run();

		verify(this.broker, times(1)).recover(eq("q"), anyInt(), any());
	}

	@Test
	void theTurnsHolderLooksAgainJustAfterTheNextLeaseDeadline() {
		when(this.broker.sinceUnavailable()).thenReturn(null);
		when(this.broker.recover(eq("q"), anyInt(), any())).thenReturn(new RecoverResult(0, Duration.ofMillis(200)));
		Recoverer recoverer = new Recoverer(this.broker, List.of("q"), Duration.ofSeconds(15), Duration.ofSeconds(30),
				TurnsFixture.holding("q"));

		assertThat(recoverer.run()).isBetween(Duration.ofMillis(200), Duration.ofMillis(1300));
	}

	@Test
	void anInstanceWithoutTheTurnLooksOnlySpreadOverTheInstancesServingTheQueue() {
		when(this.broker.sinceUnavailable()).thenReturn(null);
		when(this.broker.recover(eq("q"), anyInt(), any())).thenReturn(new RecoverResult(0, Duration.ofMillis(200)));
		ClusterSpread spread = new ClusterSpread();
		spread.instances("q", 1000);
		Recoverer recoverer = new Recoverer(this.broker, List.of("q"), Duration.ofSeconds(15), Duration.ofSeconds(30),
				TurnsFixture.heldElsewhere(spread, "q"));

		assertThat(recoverer.run()).isBetween(Duration.ofSeconds(7_500), Duration.ofSeconds(22_500));
	}

}
