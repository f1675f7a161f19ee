package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The fleet's calls on real Redis: a queue's agent turn (turn.lua) and the heartbeat that
 * marks and counts every queue of an instance in one call (heartbeat.lua).
 */
@ExtendWith(RedisExtension.class)
class FleetCallsIntegrationTests {

	private static final RedisKeys KEYS = new RedisKeys("fleet");

	private static final Duration LENGTH = Duration.ofSeconds(15);

	private static LettuceConnectionFactory connectionFactory;

	private static FleetCalls fleet;

	@BeforeAll
	static void connect(RedisServer redis) {
		connectionFactory = RedisConnections.standalone(redis);
		// a first connection on a busy machine may take longer than the default 5 s
		fleet = new LuaRedisBroker(connectionFactory, KEYS, Duration.ZERO, Duration.ofSeconds(30)).fleet();
	}

	@AfterAll
	static void disconnect() {
		connectionFactory.destroy();
	}

	@BeforeEach
	void flush(RedisServer redis) {
		redis.flushAll();
	}

	@Test
	void oneInstanceHoldsAQueuesTurnAndTheOthersLearnHowLongItLasts(RedisServer redis) {
		assertThat(fleet.takeTurn("q", "a", LENGTH)).isEqualTo(new AgentTurn(true, LENGTH));
		AgentTurn b = fleet.takeTurn("q", "b", LENGTH);
		assertThat(fleet.takeTurn("q", "a", LENGTH).held()).as("renewed by its holder").isTrue();

		assertThat(b.held()).isFalse();
		assertThat(b.left()).isBetween(LENGTH.minusSeconds(1), LENGTH);
		assertThat(fleet.takeTurn("other", "b", LENGTH).held()).as("each queue has its own").isTrue();
		assertThat(redis.cli("GET", KEYS.turn("q"))).isEqualTo("a");
	}

	@Test
	void aTurnGivenBackOrRunOutIsTakenByTheNextInstanceThatAsks() {
		fleet.takeTurn("q", "a", LENGTH);
		assertThat(fleet.takeTurn("q", "b", Duration.ZERO).held()).as("only its holder gives it back").isFalse();
		assertThat(fleet.takeTurn("q", "b", LENGTH).held()).isFalse();

		fleet.takeTurn("q", "a", Duration.ZERO);
		assertThat(fleet.takeTurn("q", "b", Duration.ofMillis(200)).held()).isTrue();

		await().atMost(Duration.ofSeconds(5))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> fleet.takeTurn("q", "c", LENGTH).held());
	}

	@Test
	void oneHeartbeatMarksAnInstanceServingAllItsQueuesAndCountsEach(RedisServer redis) {
		fleet.heartbeat("a", "{}", LENGTH, List.of("x", "y"));
		fleet.heartbeat("b", "{}", LENGTH, List.of("y"));
		fleet.heartbeat("gone", "{}", Duration.ofMillis(1), List.of("x", "y"));
		fleet.heartbeat("stopped", "{}", LENGTH, List.of("x"));
		fleet.heartbeat("stopped", "", Duration.ZERO, List.of("x"));

		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
			FleetSize size = fleet.heartbeat("c", "{}", LENGTH, List.of("x", "y", "z"));
			assertThat(size.servingByQueue()).isEqualTo(Map.of("x", 2, "y", 3, "z", 1));
			assertThat(size.instances()).isEqualTo(3);
		});
		assertThat(redis.cli("HEXISTS", KEYS.instancesInfo(), "stopped")).isEqualTo("0");
		assertThat(Long.parseLong(redis.cli("PTTL", KEYS.servingInstances("z")))).isBetween(1L, LENGTH.toMillis());
	}

}
