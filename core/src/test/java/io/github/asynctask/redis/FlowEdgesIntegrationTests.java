package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.flow.FlowSweeper;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static io.github.asynctask.redis.FlowFixture.KEYS;
import static io.github.asynctask.redis.FlowFixture.PAYMENTS;
import static io.github.asynctask.redis.FlowFixture.SHIPPING;
import static io.github.asynctask.redis.FlowFixture.pay;
import static io.github.asynctask.redis.FlowFixture.ship;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Flows with unusual but valid input, and waiters whose bookkeeping went astray: a
 * predecessor listed twice, a bizId with a newline, a registration that was lost, waiters
 * that died or were deleted, and an invalid pair refused before anything is written.
 */
@ExtendWith(RedisExtension.class)
class FlowEdgesIntegrationTests {

	private static FlowFixture flows;

	private static LuaRedisBroker broker;

	private static FlowStore store;

	private static FlowSweeper sweeper;

	@BeforeAll
	static void connect(RedisServer redis) {
		flows = new FlowFixture(redis, Duration.ofSeconds(5));
		broker = flows.broker;
		store = flows.store;
		sweeper = new FlowSweeper(store, () -> List.of(PAYMENTS, SHIPPING), Duration.ofSeconds(1), Duration.ZERO);
	}

	@AfterAll
	static void disconnect() {
		flows.close();
	}

	@BeforeEach
	void flush(RedisServer redis) {
		redis.flushAll();
	}

	private static TaskState state(String id) {
		return broker.find(SHIPPING, id).map(TaskInfo::state).orElse(null);
	}

	/** The awaited task of {@code order} completes: marked, and its waiters released. */
	private static void payCompletes(String order) {
		store.done(PAYMENTS, pay(order).condition(), Duration.ofMinutes(5));
		sweeper.sweepOnce();
	}

	@Test
	void aPredecessorListedTwiceIsWaitedForOnceAndReleasesItsDependent() {
		assertThat(broker.enqueue(ship("ship-d", "o-d", Duration.ofHours(1), pay("o-d"), pay("o-d"))).outcome())
			.isEqualTo(EnqueueResult.Outcome.WAITING);
		payCompletes("o-d");
		assertThat(state("ship-d")).isEqualTo(TaskState.PENDING);
		assertThat(broker.dequeue(SHIPPING, 10, Duration.ofSeconds(30))).extracting(Delivery::id)
			.containsExactly("ship-d");
	}

	@Test
	void aTaskIdListedTwiceIsWaitedForOnceAndReleasesItsDependent() {
		broker.enqueue(EnqueueRequest.now(PAYMENTS, "pay-1", "order.pay", "{}", 0));
		EnqueueRequest.Awaited first = EnqueueRequest.Awaited.id(PAYMENTS, "pay-1");
		assertThat(broker.enqueue(ship("ship-i", "o-i", Duration.ofHours(1), first, first)).outcome())
			.isEqualTo(EnqueueResult.Outcome.WAITING);
		Delivery delivery = broker.dequeue(PAYMENTS, 1, Duration.ofSeconds(30)).get(0);
		broker.complete(delivery, Duration.ZERO);
		sweeper.sweepOnce();
		assertThat(state("ship-i")).isEqualTo(TaskState.PENDING);
	}

	@Test
	void aBizIdWithNewlinesAndQuotesReleasesItsDependent() {
		String order = "o\n7\"\\ \u00e9\u20ac";
		assertThat(broker.enqueue(ship("ship-n", order, Duration.ofHours(1), pay(order))).outcome())
			.isEqualTo(EnqueueResult.Outcome.WAITING);
		payCompletes(order);
		assertThat(state("ship-n")).isEqualTo(TaskState.PENDING);
	}

	@Test
	void aTaskIdWithANewlineReleasesItsDependent() {
		String id = "pay\nshipping\nx";
		broker.enqueue(EnqueueRequest.now(PAYMENTS, id, "order.pay", "{}", 0));
		assertThat(broker.enqueue(ship("ship-t", "o-t", Duration.ofHours(1), EnqueueRequest.Awaited.id(PAYMENTS, id)))
			.outcome()).isEqualTo(EnqueueResult.Outcome.WAITING);
		broker.complete(broker.dequeue(PAYMENTS, 1, Duration.ofSeconds(30)).get(0), Duration.ZERO);
		sweeper.sweepOnce();
		assertThat(state("ship-t")).isEqualTo(TaskState.PENDING);
	}

	@Test
	void aWaiterWhoseRegistrationWasLostIsReleasedAtItsDeadlineWhenItsConditionIsMet(RedisServer redis) {
		broker.enqueue(ship("ship-l", "o-l", Duration.ofHours(1), pay("o-l")));
		loseRegistrations(redis);
		store.done(PAYMENTS, pay("o-l").condition(), Duration.ofMinutes(5));
		// the wait deadline came (first check long past): the condition is met, so it
		// runs
		redis.cli("HSET", KEYS.waitData(SHIPPING), "ship-l",
				redis.cli("HGET", KEYS.waitData(SHIPPING), "ship-l").replaceFirst("\"d\":\\d+", "\"d\":1"));
		redis.cli("ZADD", KEYS.waiting(SHIPPING), "0", "ship-l");
		sweeper.sweepOnce();
		assertThat(state("ship-l")).isEqualTo(TaskState.PENDING);
	}

	@Test
	void aWaiterIsCheckedAgainBeforeItsDeadlineAfterItsFirstCheck(RedisServer redis) {
		broker.enqueue(ship("ship-c", "o-c", Duration.ofDays(1), pay("o-c")));
		redis.cli("ZADD", KEYS.waiting(SHIPPING), "0", "ship-c");
		sweeper.sweepOnce();
		long next = Long.parseLong(redis.cli("ZSCORE", KEYS.waiting(SHIPPING), "ship-c"));
		long deadline = Long
			.parseLong(redis.cli("HGET", KEYS.waitData(SHIPPING), "ship-c").replaceFirst(".*\"d\":(\\d+).*", "$1"));
		assertThat(deadline - next).as("the next check comes well before the deadline")
			.isGreaterThan(Duration.ofHours(12).toMillis());
		// a registration lost after the first check is repaired at the next one
		loseRegistrations(redis);
		store.done(PAYMENTS, pay("o-c").condition(), Duration.ofMinutes(5));
		redis.cli("ZADD", KEYS.waiting(SHIPPING), "0", "ship-c");
		sweeper.sweepOnce();
		assertThat(state("ship-c")).isEqualTo(TaskState.PENDING);
	}

	@Test
	void waitersThatTimedOutOrWereDeletedLeaveNoRegistrationBehind(RedisServer redis) {
		for (int i = 0; i < 20; i++) {
			broker.enqueue(ship("ship-t" + i, "o-t" + i, Duration.ofMillis(1), pay("o-t" + i)));
			broker.enqueue(ship("ship-x" + i, "o-x" + i, Duration.ofHours(1), pay("o-x" + i)));
			broker.delete(SHIPPING, "ship-x" + i);
			redis.cli("ZADD", KEYS.waiting(SHIPPING), "0", "ship-x" + i);
		}
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			sweeper.sweepOnce();
			assertThat(broker.stats(SHIPPING).dead()).isEqualTo(20);
		});
		for (String key : flowKeys(redis)) {
			assertThat(Long.parseLong(redis.cli("PTTL", key))).as("TTL of %s", key).isPositive();
		}
		assertThat(registrations(redis)).as("registrations left").isZero();
	}

	@Test
	void aWaiterRegisteredWithAConditionHasItsRegistrationExpireAfterItsDeadline(RedisServer redis) {
		broker.enqueue(ship("ship-e", "o-e", Duration.ofHours(1), pay("o-e")));
		assertThat(flowKeys(redis)).isNotEmpty();
		for (String key : flowKeys(redis)) {
			assertThat(Long.parseLong(redis.cli("PTTL", key))).as("TTL of %s", key)
				.isBetween(Duration.ofHours(1).toMillis(), Duration.ofHours(3).toMillis());
		}
	}

	@Test
	void anInvalidPairIsRefusedBeforeTheTaskIsParked() {
		assertThatThrownBy(() -> broker
			.enqueue(ship("ship-v", "o-v", Duration.ofHours(1), pay("o-v"), new EnqueueRequest.Awaited(PAYMENTS, ""))))
			.isInstanceOf(RuntimeException.class);
		assertThat(broker.find(SHIPPING, "ship-v")).isEmpty();
		assertThatThrownBy(() -> broker
			.enqueue(ship("ship-w", "o-w", Duration.ofHours(1), EnqueueRequest.Awaited.id(PAYMENTS, ""))))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("task id");
		assertThat(broker.find(SHIPPING, "ship-w")).isEmpty();
	}

	@Test
	void theWaitScriptRefusesAnEmptyConditionBeforeItsFirstWrite(RedisServer redis) {
		ScriptRunner runner = new ScriptRunner(flows.connectionFactory(), Duration.ofSeconds(5));
		List<String> keys = List.of(KEYS.tasks(SHIPPING), KEYS.payloads(SHIPPING), KEYS.waiting(SHIPPING),
				KEYS.waitData(SHIPPING), "asynctask:{shipping}:u", KEYS.done(SHIPPING));
		for (List<String> pair : List.of(List.of(PAYMENTS, ""), List.of(PAYMENTS, "i:"), List.of("", "i:x"),
				List.of(PAYMENTS, "x:1"))) {
			List<String> args = new ArrayList<>(
					List.of("ship-s", "order.ship", "{}", "0", "0", "60000", "1000", PAYMENTS, pay("o-s").condition()));
			args.addAll(pair);
			assertThatThrownBy(() -> runner.run(FlowStore.WAIT, SHIPPING, keys, args)).as("pair %s", pair)
				.hasMessageContaining("flow_wait");
			assertThat(redis.cli("DBSIZE")).isEqualTo("0");
		}
	}

	/** Drops every registration of a waiter with a condition of the payments queue. */
	private static void loseRegistrations(RedisServer redis) {
		flowKeys(redis).stream()
			.filter((key) -> !key.endsWith(":fdone") && !key.endsWith(":frel"))
			.forEach((key) -> redis.cli("DEL", key));
	}

	/** The flow bookkeeping keys of the payments queue. */
	private static List<String> flowKeys(RedisServer redis) {
		String keys = redis.cli("KEYS", "asynctask:{payments}:f*");
		return (keys == null || keys.isEmpty()) ? List.of() : List.of(keys.split("\n"));
	}

	/** How many waiter registrations the payments queue holds. */
	private static long registrations(RedisServer redis) {
		long count = 0;
		for (String key : flowKeys(redis)) {
			String type = redis.cli("TYPE", key);
			count += switch (type) {
				case "hash" -> Long.parseLong(redis.cli("HLEN", key));
				case "set" -> Long.parseLong(redis.cli("SCARD", key));
				case "zset" -> key.endsWith(":fdone") ? 0 : Long.parseLong(redis.cli("ZCARD", key));
				default -> 0;
			};
		}
		return count;
	}

}
