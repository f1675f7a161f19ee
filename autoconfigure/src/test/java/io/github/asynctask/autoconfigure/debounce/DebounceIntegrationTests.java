package io.github.asynctask.autoconfigure.debounce;

import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Debounce through the auto-configuration on standalone Redis, on a plain queue and on a
 * queue of four shards.
 */
@ExtendWith(FlushedRedisExtension.class)
class DebounceIntegrationTests {

	private final ApplicationContextRunner runner;

	DebounceIntegrationTests(RedisServer redis) {
		this.runner = DebounceScenarios.runner(redis.springDataRedisProperties());
	}

	@Test
	void theLastOfAHundredSubmitsRunsOnceAWindowAfterIt() {
		this.runner.run(DebounceScenarios::theLastOfAHundredSubmitsRunsOnceAWindowAfterIt);
	}

	@Test
	void aRunningTaskFinishesAndTheNewCallRunsBehindIt() {
		this.runner.run(DebounceScenarios::aRunningTaskFinishesAndTheNewCallRunsBehindIt);
	}

	@Test
	void onAShardedQueue() {
		ApplicationContextRunner sharded = this.runner.withPropertyValues("async-task.queues.index.shards=4");
		sharded.run(DebounceScenarios::theLastOfAHundredSubmitsRunsOnceAWindowAfterIt);
		Indexer.reset();
		sharded.run(DebounceScenarios::aRunningTaskFinishesAndTheNewCallRunsBehindIt);
	}

}
