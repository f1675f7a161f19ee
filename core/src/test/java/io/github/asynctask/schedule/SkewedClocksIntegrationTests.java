package io.github.asynctask.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.AnnotationTaskRegistry;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.TaskDefaults;
import io.github.asynctask.definition.TestDefinitions;
import io.github.asynctask.redis.lua.PackedMeta;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.ScheduleStore;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two scheduler loops whose local clocks are 90 s ahead and 90 s behind fire an
 * {@code every = "1s"} task against one Redis: one task per tick, none created before its
 * tick by Redis time. (The clocks are the only thing faked: Redis, scripts and loops are
 * real.)
 */
@ExtendWith(RedisExtension.class)
class SkewedClocksIntegrationTests {

	private final RedisKeys keys = new RedisKeys("skew");

	private final TestConnections connections = new TestConnections();

	private final List<ScheduleRunner> runners = new ArrayList<>();

	@AfterEach
	void close() {
		this.runners.forEach(ScheduleRunner::stop);
		this.connections.close();
	}

	@Test
	void clocksNinetySecondsOffStillFireEachTickOnceAndNeverEarlyByRedisTime(RedisServer redis) {
		redis.flushAll();
		for (Duration skew : List.of(Duration.ofSeconds(90), Duration.ofSeconds(-90))) {
			Clock clock = Clock.offset(Clock.systemUTC(), skew);
			ScheduleStore store = new ScheduleStore(this.connections.connect(redis), this.keys, Duration.ofSeconds(5));
			TickFiring firing = new TickFiring(store, new JacksonTaskCodec(JsonMapper.shared(), 1 << 20),
					ScheduleListener.NO_OP, 100, clock);
			ScheduleRunner runner = new ScheduleRunner(registry(), Map.of(), firing, store, clock);
			this.runners.add(runner);
			runner.start();
		}
		String pending = this.keys.pending("default");
		await().atMost(Duration.ofSeconds(30)).until(() -> Long.parseLong(redis.cli("LLEN", pending)) >= 6);
		this.runners.forEach(ScheduleRunner::stop);
		Set<Long> ticks = new HashSet<>();
		List<String> ids = List.of(redis.cli("LRANGE", pending, "0", "-1").split("\\s+"));
		for (String id : ids) {
			// not delivered yet: "meta\npayload" in the tasks hash (docs/key-layout.md)
			String[] stored = redis.cli("HGET", this.keys.tasks("default"), id).split("\n", 2);
			long created = PackedMeta.parse(stored[0]).createdAt();
			String payload = stored[1];
			long tick = Instant.parse(payload.replaceAll("(?s).*\"asynctask-tick\":\"([^\"]+)\".*", "$1"))
				.toEpochMilli();
			assertThat(created).as("created at (Redis ms) of the task of tick %d", tick).isGreaterThanOrEqualTo(tick);
			assertThat(ticks.add(tick)).as("tick %d fired once", tick).isTrue();
		}
		assertThat(ticks).hasSizeGreaterThanOrEqualTo(6);
	}

	private static AnnotationTaskRegistry registry() {
		AnnotationTaskRegistry registry = new AnnotationTaskRegistry(TaskDefaults.STANDARD, new BizIdEvaluator(),
				List.of());
		registry.register(List.of(TestDefinitions.of(new EverySecond(), "tick")), List.of());
		return registry;
	}

	static class EverySecond {

		@AsyncTask(every = "1s")
		public void tick() {
		}

	}

}
