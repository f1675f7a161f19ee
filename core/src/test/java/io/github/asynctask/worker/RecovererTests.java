package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.RecoverResult;
import io.github.asynctask.redis.RedisBroker;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
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
	void afterRedisCouldNotBeReachedItWaitsAThirdOfTheLeaseSoLiveWorkersReportFirst() {
		when(this.broker.recover(eq("q"), anyInt(), any()))
			.thenThrow(new RedisUnavailableException("Redis could not run script 'recover' (injected)", null))
			.thenReturn(new RecoverResult(0, null));
		Recoverer recoverer = new Recoverer(this.broker, List.of("q"), Duration.ofSeconds(15), Duration.ofSeconds(3));

		assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(recoverer::run);
		assertThat(recoverer.run()).isEqualTo(Duration.ofSeconds(1));
		assertThat(recoverer.run()).isPositive();

		verify(this.broker, times(1)).recover(eq("q"), anyInt(), any());
	}

	@Test
	void onceTheWaitAfterAnOutageIsOverItRecoversAgain() {
		when(this.broker.recover(eq("q"), anyInt(), any()))
			.thenThrow(new RedisUnavailableException("Redis could not run script 'recover' (injected)", null))
			.thenReturn(new RecoverResult(0, null));
		Recoverer recoverer = new Recoverer(this.broker, List.of("q"), Duration.ofSeconds(15), Duration.ofMillis(30));
		assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(recoverer::run);
		recoverer.run();

		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
			recoverer.run();
			verify(this.broker, times(2)).recover(eq("q"), anyInt(), any());
		});
	}

}
