package io.github.asynctask.redis;

import java.time.Duration;
import java.time.Instant;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.MutableClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Redis restarts, outages, flushed scripts and skewed client clocks.
 */
class BrokerFaultsIntegrationTests extends BrokerIntegrationTestSupport {

	@Test
	void scriptsAreReloadedAfterScriptFlush() {
		fixture.enqueue();
		fixture.redis.cli("SCRIPT", "FLUSH");
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE)).hasSize(1);
		fixture.redis.cli("SCRIPT", "FLUSH");
		assertThat(this.broker.enqueueAll(java.util.List.of(BrokerFixture.request("batched"))))
			.extracting(EnqueueResult::outcome)
			.containsExactly(EnqueueResult.Outcome.ENQUEUED);
	}

	@Test
	void aRedisRestartBetweenCallsIsSurvived() {
		assumeTrue(fixture.redis.canInjectFaults());
		fixture.enqueue();
		fixture.redis.stop();
		fixture.redis.start();
		// The server kept nothing (no persistence) and knows no scripts: both recover.
		String id = fixture.enqueue();
		assertThat(this.broker.dequeue(QUEUE, 5, LEASE)).extracting(Delivery::id).containsExactly(id);
	}

	@Test
	void redisDownIsReportedWithTheLibrarysExceptionNamingScriptAndQueue() {
		assumeTrue(fixture.redis.canInjectFaults());
		fixture.redis.kill();
		assertThatExceptionOfType(RedisUnavailableException.class)
			.isThrownBy(() -> this.broker.enqueue(BrokerFixture.request("during-outage")))
			.withMessageContaining("script 'enqueue'")
			.withMessageContaining("queue 'q1'");
		assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> this.broker.stats(QUEUE));
		fixture.redis.start();
		assertThat(this.broker.enqueue(BrokerFixture.request("after-outage")).outcome())
			.isEqualTo(EnqueueResult.Outcome.ENQUEUED);
	}

	@Test
	void everyCallIsBoundedByTheReplyTimeoutEvenWhenTheClientWouldWaitAMinute() {
		assumeTrue(fixture.redis.canInjectFaults());
		var patientClient = new org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory(
				new org.springframework.data.redis.connection.RedisStandaloneConfiguration(fixture.redis.host(),
						fixture.redis.port()));
		patientClient.afterPropertiesSet();
		patientClient.start();
		try {
			LuaRedisBroker broker = new LuaRedisBroker(patientClient, this.keys, Duration.ZERO, Duration.ofMillis(300));
			broker.stats(QUEUE);
			fixture.redis.kill();
			// Lettuce would queue these for its 60 s command timeout; the broker gives up
			// first.
			assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
				assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> broker.pause(QUEUE))
					.withMessageContaining("no reply within 300 ms");
				assertThatExceptionOfType(RedisUnavailableException.class)
					.isThrownBy(() -> broker.unregister("instance"));
				assertThatExceptionOfType(RedisUnavailableException.class)
					.isThrownBy(() -> broker.enqueueAll(java.util.List.of(BrokerFixture.request("x"))));
			});
		}
		finally {
			fixture.redis.start();
			patientClient.destroy();
		}
	}

	@Test
	void aClientClockTenMinutesFastNeitherRunsADelayedTaskEarlyNorRecoversALiveLease() {
		MutableClock fastClock = MutableClock.at(Instant.now().plus(Duration.ofMinutes(10)));
		// Delays travel as durations and are added to Redis TIME inside the script.
		this.broker.enqueue(BrokerFixture.request("delayed").withDelay(Duration.ofSeconds(30)));
		// An instant a skewed client computes lands late, never early.
		this.broker.enqueue(BrokerFixture.request("at").withAt(fastClock.instant().plusSeconds(1)));
		assertThat(this.broker.forward(QUEUE, 100).moved()).isZero();
		assertThat(this.broker.find(QUEUE, "delayed").orElseThrow().state()).isEqualTo(TaskState.SCHEDULED);
		assertThat(this.broker.find(QUEUE, "at").orElseThrow().state()).isEqualTo(TaskState.SCHEDULED);
		// A lease is a deadline in Redis time, so no client's clock can expire it early.
		Delivery live = fixture.enqueueAndTake();
		assertThat(this.broker.recover(QUEUE, 100, Duration.ZERO).recovered()).isZero();
		assertThat(this.broker.complete(live, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
	}

	@Test
	void negativeControlADeadlineComputedFromAFastClientClockWouldRunEarly() {
		// What a client-clock design would do: score = client now + 30s with the client
		// 10 minutes
		// fast is already in the past... for a client 10 minutes slow. Seed that score
		// directly.
		MutableClock slowClock = MutableClock.at(Instant.now().minus(Duration.ofMinutes(10)));
		long clientComputedRunAt = slowClock.instant().plusSeconds(30).toEpochMilli();
		this.broker.enqueue(BrokerFixture.request("early").withDelay(Duration.ofHours(1)));
		fixture.redis.cli("ZADD", fixture.keys.scheduled(QUEUE), Long.toString(clientComputedRunAt), "early");
		assertThat(this.broker.forward(QUEUE, 100).moved()).isEqualTo(1);
	}

}
