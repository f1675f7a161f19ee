package io.github.asynctask.autoconfigure.cancel;

import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Cancel and progress through the auto-configuration on standalone Redis, on a plain
 * queue and on a queue of four shards.
 */
@ExtendWith(FlushedRedisExtension.class)
class CancelIntegrationTests {

	private final ApplicationContextRunner runner;

	private final ApplicationContextRunner sharded;

	CancelIntegrationTests(RedisServer redis) {
		this.runner = CancelScenarios.runner(redis.springDataRedisProperties());
		this.sharded = this.runner.withPropertyValues("async-task.queues.exports.shards=4");
	}

	@Test
	void aScheduledTaskNeverRunsAndItsFutureFailsAsCancelled() {
		this.runner.run(CancelScenarios::aScheduledTaskNeverRunsAndItsFutureFailsAsCancelled);
	}

	@Test
	void aPendingTaskNeverRuns() {
		this.runner.run(CancelScenarios::aPendingTaskNeverRuns);
	}

	@Test
	void aRunningTaskIsStoppedAndNotRetried() {
		this.runner.run(CancelScenarios::aRunningTaskIsStoppedAndNotRetried);
	}

	@Test
	void completedAndUnknownTasksAreNotCancelled() {
		this.runner.run(CancelScenarios::completedAndUnknownTasksAreNotCancelled);
	}

	@Test
	void progressShowsTheLatestReport() {
		this.runner.run(CancelScenarios::progressShowsTheLatestReport);
	}

	@Test
	void aDependentOfACancelledTaskWaitsUntilItIsRetried() {
		this.runner.run(CancelScenarios::aDependentOfACancelledTaskWaitsUntilItIsRetried);
	}

	@Test
	void onAShardedQueueEveryCaseFindsItsShard() {
		this.sharded.run(CancelScenarios::aScheduledTaskNeverRunsAndItsFutureFailsAsCancelled);
		this.sharded.run(CancelScenarios::aPendingTaskNeverRuns);
		this.sharded.run(CancelScenarios::aRunningTaskIsStoppedAndNotRetried);
		this.sharded.run(CancelScenarios::progressShowsTheLatestReport);
		this.sharded.run(CancelScenarios::aDependentOfACancelledTaskWaitsUntilItIsRetried);
	}

}
