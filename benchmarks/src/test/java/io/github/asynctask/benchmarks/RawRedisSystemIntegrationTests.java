package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The raw-redis baseline runs the library's scripts as the library does, so every task it
 * fetches is acked: its cost figures are only a baseline while nothing is left active.
 */
@ExtendWith(RedisExtension.class)
class RawRedisSystemIntegrationTests {

	@Test
	void everyTaskFetchedIsAckedWithTheTokenOfItsDelivery(RedisServer redis) throws Exception {
		redis.flushAll();
		RedisKeys keys = new RedisKeys("asynctask");
		try (Contender raw = new RawRedisSystem().open(new RedisTarget(redis))) {
			for (int i = 0; i < 50; i++) {
				raw.submit(TaskArg.of(i));
			}
			raw.startWorkers(List.of(Contender.QUEUE), 16);
			await().atMost(Duration.ofSeconds(20))
				.until(() -> redis.cli("HLEN", keys.tasks(Contender.QUEUE)).equals("0"));
			assertThat(redis.cli("ZCARD", keys.active(Contender.QUEUE))).isEqualTo("0");
			assertThat(redis.cli("ZCARD", keys.done(Contender.QUEUE))).isEqualTo("50");
		}
	}

}
