package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schedule scripts on a 3-master Redis Cluster: the state key shares the queue's hash
 * tag with the task keys, so a tick creates its task on the shard owning the queue.
 */
@ExtendWith(RedisClusterExtension.class)
class ScheduleStoreClusterIntegrationTests {

	private static LettuceConnectionFactory connectionFactory;

	private static ScheduleStore store;

	private static LuaRedisBroker broker;

	@BeforeAll
	static void connect(RedisCluster cluster) {
		connectionFactory = RedisConnections.cluster(cluster.hostPorts());
		store = new ScheduleStore(connectionFactory, new RedisKeys("asynctask"), Duration.ofSeconds(5));
		broker = new LuaRedisBroker(connectionFactory, new RedisKeys("asynctask"));
	}

	@AfterAll
	static void disconnect() {
		connectionFactory.destroy();
	}

	@ParameterizedTest
	@ValueSource(strings = { "default", "mail", "orders", "reports" })
	void aTickCreatesItsTaskOnTheShardOwningTheQueue(String queue) {
		TickResult reset = store.tick(request(queue, -1, List.of()));
		assertThat(reset.code()).isEqualTo(TickResult.Code.RESET);
		assertThat(store.tick(request(queue, 0, List.of())).code()).isEqualTo(TickResult.Code.STALE);
		// a tick one ms after the reset: due once Redis time has moved on by a
		// millisecond
		List<TickRequest.Candidate> tick = List.of(new TickRequest.Candidate(reset.last() + 1, queue + "-t", "[]"));
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		TickResult fired = store.tick(request(queue, reset.last(), tick));
		while (fired.fired() == 0 && System.nanoTime() < deadline) {
			assertThat(fired.code()).isEqualTo(TickResult.Code.APPLIED);
			fired = store.tick(request(queue, reset.last(), tick));
		}
		assertThat(fired.createdIds()).containsExactly(queue + "-t");
		assertThat(broker.find(queue, queue + "-t")).isPresent();
		assertThat(store.state(queue, "report")).hasValueSatisfying((state) -> {
			assertThat(state.lastTaskId()).isEqualTo(queue + "-t");
			assertThat(state.lastFired()).isEqualTo(reset.last() + 1);
			assertThat(state.lastTaskState()).isEqualTo("p");
		});
	}

	private static TickRequest request(String queue, long from, List<TickRequest.Candidate> candidates) {
		return new TickRequest(queue, "report", 0, "every:1000", from, "once", true, false, Duration.ofDays(7),
				candidates);
	}

}
