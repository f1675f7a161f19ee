package io.github.asynctask.submit;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import io.github.asynctask.RecordingTaskListener;
import io.github.asynctask.RedisBrokerExtension;
import io.github.asynctask.RedisTasks;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.RedisServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The re-send buffer against a real Redis that goes away and comes back.
 */
@ExtendWith(RedisBrokerExtension.class)
class ResendBufferIntegrationTests {

	private static LuaRedisBroker broker;

	@BeforeAll
	static void connect(LuaRedisBroker connected) {
		broker = connected;
	}

	@Test
	void aFullBufferDropsTheOverflowAtOnceAndSendsTheRestOnceRedisIsBack(RedisServer redis) {
		assumeTrue(redis.canInjectFaults());
		redis.flushAll();
		RecordingTaskListener listener = new RecordingTaskListener();
		RecordedFates fates = new RecordedFates();
		try (ResendBuffer buffer = new ResendBuffer(broker, 3, listener)) {
			buffer.tell(fates);
			redis.stop();
			try {
				buffer.offer(requests("a", 5));
				assertThat(buffer.size()).isEqualTo(3);
				assertThat(listener.resendBufferSizes).containsExactly(3);
				// their result futures fail at once
				assertThat(fates.dropped).containsExactly("a3", "a4");
			}
			finally {
				redis.start();
			}
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> buffer.size() == 0);
			assertThat(redis.cli("LRANGE", RedisTasks.KEYS.pending("default"), "0", "-1").split("\n"))
				.containsExactlyInAnyOrder("a0", "a1", "a2");
			assertThat(fates.recorded).containsExactly("a0 ENQUEUED a0", "a1 ENQUEUED a1", "a2 ENQUEUED a2");
		}
	}

	@Test
	void aReSentSubmitWhoseBizIdIsHeldIsToldTheHolder(RedisServer redis) {
		redis.flushAll();
		EnqueueRequest held = EnqueueRequest.now("default", "c0", "T.run", "{\"v\":1,\"args\":[]}", 0)
			.withBizId("order-1", Duration.ofMinutes(5));
		broker.enqueue(held);
		RecordedFates fates = new RecordedFates();
		try (ResendBuffer buffer = new ResendBuffer(broker, 10, new RecordingTaskListener())) {
			buffer.tell(fates);
			buffer.offer(List.of(EnqueueRequest.now("default", "c1", "T.run", "{\"v\":1,\"args\":[]}", 0)
				.withBizId("order-1", Duration.ofMinutes(5))));
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> buffer.size() == 0);
		}
		// a result future of c1 follows c0
		assertThat(fates.recorded).containsExactly("c1 DUPLICATE c0");
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

	/** What the buffer told about each request. */
	private static final class RecordedFates implements SubmitFates {

		final List<String> recorded = new CopyOnWriteArrayList<>();

		final List<String> dropped = new CopyOnWriteArrayList<>();

		@Override
		public void recorded(EnqueueRequest request, EnqueueResult result) {
			this.recorded.add(request.id() + " " + result.outcome() + " " + result.id());
		}

		@Override
		public void dropped(List<EnqueueRequest> requests, String reason) {
			requests.forEach((request) -> this.dropped.add(request.id()));
		}

	}

	private static List<EnqueueRequest> requests(String prefix, int count) {
		return IntStream.range(0, count)
			.mapToObj((i) -> EnqueueRequest.now("default", prefix + i, "T.run", "{\"v\":1,\"args\":[]}", 0))
			.toList();
	}

}
