package io.github.asynctask.submit;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import io.github.asynctask.RedisBrokerExtension;
import io.github.asynctask.RedisTasks;
import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.RedisServer;
import org.awaitility.Awaitility;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Generators claiming their numbers in a real Redis, on their own threads, with short
 * leases: distinct numbers, take-over after a lapsed lease, renewal, and an outage.
 */
@ExtendWith(RedisBrokerExtension.class)
class TaskIdGeneratorIntegrationTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private static LuaRedisBroker broker;

	@BeforeAll
	static void connect(LuaRedisBroker connected) {
		broker = connected;
	}

	@Test
	void twoGeneratorsHoldDifferentNumbers(RedisServer redis) {
		try (TaskIdGenerator a = generator("a", Duration.ofMinutes(10), IdNumberClaims.of(broker));
				TaskIdGenerator b = generator("b", Duration.ofMinutes(10), IdNumberClaims.of(broker))) {
			String idA = shortId(a);
			String idB = shortId(b);
			assertThat(ShortIds.number(idA)).isNotEqualTo(ShortIds.number(idB));
			assertThat(redis.cli("GET", RedisTasks.KEYS.idNumber(ShortIds.number(idA)))).isEqualTo("a");
			assertThat(redis.cli("GET", RedisTasks.KEYS.idNumber(ShortIds.number(idB)))).isEqualTo("b");
		}
	}

	@Test
	void aNumberWhoseLeaseRanOutIsTakenOverAfterTheOldHoldersHorizon(RedisServer redis) {
		Duration lease = Duration.ofSeconds(2);
		IdNumberClaims fromSeven = fromNumber(7);
		String oldId;
		try (TaskIdGenerator old = generator("old", lease, fromSeven)) {
			oldId = shortId(old);
		}
		assertThat(ShortIds.number(oldId)).isEqualTo(7);
		long oldHorizon = Long.parseLong(redis.cli("HGET", RedisTasks.KEYS.idHorizons(), "7"));
		Awaitility.await().atMost(TIMEOUT).until(() -> "0".equals(redis.cli("EXISTS", RedisTasks.KEYS.idNumber(7))));
		try (TaskIdGenerator next = generator("next", lease, fromSeven)) {
			String id = shortId(next);
			assertThat(ShortIds.number(id)).isEqualTo(7);
			assertThat(ShortIds.unixMillis(id)).isGreaterThan(oldHorizon);
			assertThat(id).isGreaterThan(oldId);
		}
	}

	@Test
	void renewalsKeepTheNumberPastItsFirstLease(RedisServer redis) {
		Duration lease = Duration.ofSeconds(2);
		try (TaskIdGenerator generator = generator("renewing", lease, IdNumberClaims.of(broker))) {
			int number = ShortIds.number(shortId(generator));
			AtomicReference<String> last = new AtomicReference<>("");
			Awaitility.await()
				.during(Duration.ofSeconds(5))
				.atMost(Duration.ofSeconds(8))
				.pollInterval(Duration.ofMillis(20))
				.until(() -> {
					String id = generator.next();
					boolean ok = id.length() == 14 && ShortIds.number(id) == number && id.compareTo(last.get()) > 0;
					last.set(id);
					return ok;
				});
			assertThat(redis.cli("GET", RedisTasks.KEYS.idNumber(number))).isEqualTo("renewing");
		}
	}

	@Test
	void withRedisStoppedIdsAreUlidsAndShortAgainOnceItIsBack(RedisServer redis) {
		assumeTrue(redis.canInjectFaults());
		try (TaskIdGenerator generator = generator("outage", Duration.ofSeconds(2), IdNumberClaims.of(broker))) {
			shortId(generator);
			redis.stop();
			try {
				Awaitility.await().atMost(TIMEOUT).until(() -> generator.next().length() == 26);
			}
			finally {
				redis.start();
			}
			shortId(generator);
		}
	}

	private static TaskIdGenerator generator(String instanceId, Duration lease, IdNumberClaims claims) {
		Clock clock = Clock.systemUTC();
		IdNumberHolder holder = new IdNumberHolder(claims, instanceId, clock, System::nanoTime,
				IdNumberHolder::newThread, lease);
		TaskIdGenerator generator = new TaskIdGenerator(holder, clock, System::nanoTime);
		generator.start();
		return generator;
	}

	/** The first short id of the generator, once its claim is answered. */
	private static String shortId(TaskIdGenerator generator) {
		AtomicReference<String> id = new AtomicReference<>();
		Awaitility.await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(10)).until(() -> {
			id.set(generator.next());
			return id.get().length() == 14;
		});
		return id.get();
	}

	/** The broker's claims, always trying number 7 first. */
	private static IdNumberClaims fromNumber(int first) {
		IdNumberClaims claims = IdNumberClaims.of(broker);
		return new IdNumberClaims() {

			@Override
			public @Nullable IdNumber claim(String instanceId, int from, Duration lease, long now) {
				return claims.claim(instanceId, first, lease, now);
			}

			@Override
			public @Nullable Long renew(String instanceId, int number, Duration lease, long horizon) {
				return claims.renew(instanceId, number, lease, horizon);
			}

		};
	}

}
