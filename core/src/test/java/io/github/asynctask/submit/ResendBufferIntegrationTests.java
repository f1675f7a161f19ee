package io.github.asynctask.submit;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import io.github.asynctask.RecordingTaskListener;
import io.github.asynctask.RedisTasks;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.LuaRedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The re-send buffer against a real Redis that goes away and comes back.
 */
@ExtendWith(RedisExtension.class)
class ResendBufferIntegrationTests {

	private static LettuceConnectionFactory connectionFactory;

	private static LuaRedisBroker broker;

	@BeforeAll
	static void connect(RedisServer redis) {
		connectionFactory = RedisTasks.connect(redis);
		broker = new LuaRedisBroker(connectionFactory, RedisTasks.KEYS);
	}

	@AfterAll
	static void disconnect() {
		connectionFactory.destroy();
	}

	@Test
	void aFullBufferDropsTheOverflowAtOnceAndSendsTheRestOnceRedisIsBack(RedisServer redis) {
		assumeTrue(redis.canInjectFaults());
		redis.flushAll();
		RecordingTaskListener listener = new RecordingTaskListener();
		try (ResendBuffer buffer = new ResendBuffer(broker, 3, listener)) {
			redis.stop();
			try {
				buffer.offer(requests("a", 5));
				assertThat(buffer.size()).isEqualTo(3);
				assertThat(listener.resendBufferSizes).containsExactly(3);
			}
			finally {
				redis.start();
			}
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> buffer.size() == 0);
			assertThat(redis.cli("LRANGE", RedisTasks.KEYS.pending("default"), "0", "-1").split("\n"))
				.containsExactlyInAnyOrder("a0", "a1", "a2");
		}
	}

	@Test
	void reSendingIdsRedisAlreadyHasCreatesNoSecondTask(RedisServer redis) {
		redis.flushAll();
		List<EnqueueRequest> requests = requests("b", 3);
		broker.enqueueAll(requests);
		try (ResendBuffer buffer = new ResendBuffer(broker, 10, new RecordingTaskListener())) {
			buffer.offer(requests);
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> buffer.size() == 0);
		}
		assertThat(redis.cli("LLEN", RedisTasks.KEYS.pending("default"))).isEqualTo("3");
	}

	private static List<EnqueueRequest> requests(String prefix, int count) {
		return IntStream.range(0, count)
			.mapToObj((i) -> EnqueueRequest.now("default", prefix + i, "T.run", "{\"v\":1,\"args\":[]}", 0))
			.toList();
	}

}
