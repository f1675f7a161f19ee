package io.github.asynctask.autoconfigure.cancel;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskCancelledException;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskProgress;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskState;
import io.github.asynctask.autoconfigure.WorkerContexts;
import io.github.asynctask.context.TaskContext;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The cancel and progress scenarios, run on standalone Redis, a sharded queue and a
 * cluster by the integration test classes of this package.
 */
final class CancelScenarios {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private CancelScenarios() {
	}

	static ApplicationContextRunner runner(String... properties) {
		Exports.reset();
		return WorkerContexts.withTasks(Exports.class, properties)
			.withPropertyValues("async-task.retention.completed=1m");
	}

	/** A scheduled task is removed: it never runs and its future fails as cancelled. */
	static void aScheduledTaskNeverRunsAndItsFutureFailsAsCancelled(ApplicationContext context) throws Exception {
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		Exports exports = context.getBean(Exports.class);
		String id = template.submit(TaskOptions.defaults(), () -> exports.later(7)).taskId();
		CompletableFuture<Long> later = template.result(id, Long.class);
		assertThat(template.find(id).orElseThrow().state()).isEqualTo(TaskState.SCHEDULED);
		assertThat(template.cancel(id)).isTrue();
		assertThatThrownBy(() -> later.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
			.cause()
			.isInstanceOf(TaskCancelledException.class)
			.hasMessageContaining(id)
			.hasMessageContaining("cancelled");
		TaskInfo info = template.find(id).orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.DEAD);
		assertThat(info.lastError()).startsWith("cancelled");
		assertThat(template.cancel(id)).as("a dead task is not cancelled again").isFalse();
		assertThat(Exports.laterRuns).hasValue(0);
	}

	/** A pending task (its queue paused) is removed and never runs after the resume. */
	static void aPendingTaskNeverRuns(ApplicationContext context) throws Exception {
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		Exports exports = context.getBean(Exports.class);
		template.pause("exports");
		String id = template.submit(TaskOptions.defaults(), () -> exports.now(1)).taskId();
		String other = template.submit(TaskOptions.defaults(), () -> exports.now(2)).taskId();
		assertThat(template.find(id).orElseThrow().state()).isEqualTo(TaskState.PENDING);
		assertThat(template.cancel(id)).isTrue();
		template.resume("exports");
		assertThat(template.result(other, Long.class).get(30, TimeUnit.SECONDS)).isEqualTo(2L);
		assertThatThrownBy(() -> template.result(id, Long.class).get(30, TimeUnit.SECONDS)).cause()
			.isInstanceOf(TaskCancelledException.class);
		assertThat(Exports.laterRuns).hasValue(1);
	}

	/**
	 * A running body sees the cancel, is interrupted at the next heartbeat, and is not
	 * retried although it has retries left.
	 */
	static void aRunningTaskIsStoppedAndNotRetried(ApplicationContext context) throws Exception {
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		Exports exports = context.getBean(Exports.class);
		String id = template.submit(TaskOptions.defaults(), () -> exports.export(100_000)).taskId();
		CompletableFuture<Long> export = template.result(id, Long.class);
		await().atMost(WAIT).until(() -> template.find(id).map(TaskInfo::state).orElse(null) == TaskState.ACTIVE);
		assertThat(template.cancel(id)).isTrue();
		assertThat(template.cancel(id)).as("marked before").isFalse();
		assertThatThrownBy(() -> export.get(30, TimeUnit.SECONDS)).cause().isInstanceOf(TaskCancelledException.class);
		TaskInfo info = template.find(id).orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.DEAD);
		assertThat(info.lastError()).startsWith("cancelled");
		assertThat(info.attempts()).isEqualTo(1);
		assertThat(Exports.sawCancelled).isTrue();
		assertThat(Exports.started).hasValue(1);
	}

	/** Completed and unknown tasks cannot be cancelled. */
	static void completedAndUnknownTasksAreNotCancelled(ApplicationContext context) throws Exception {
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		Exports exports = context.getBean(Exports.class);
		String id = template.submit(TaskOptions.defaults(), () -> exports.now(3)).taskId();
		assertThat(template.result(id, Long.class).get(30, TimeUnit.SECONDS)).isEqualTo(3L);
		// the result is written before the ack: wait for the ack, else the task is still
		// active
		await().atMost(WAIT).until(() -> template.find(id).map(TaskInfo::state).orElse(null) == TaskState.COMPLETED);
		assertThat(template.cancel(id)).isFalse();
		assertThat(template.cancel("no-such-task")).isFalse();
	}

	/**
	 * A body reporting progress in a tight loop: the task's view shows its latest report
	 * after a heartbeat.
	 */
	static void progressShowsTheLatestReport(ApplicationContext context) {
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		Exports exports = context.getBean(Exports.class);
		String id = template.submit(TaskOptions.defaults(), () -> exports.report(100_000)).taskId();
		try {
			await().atMost(WAIT)
				.until(() -> template.find(id).map(TaskInfo::progress).map(TaskProgress::percent).orElse(-1) == 42);
			TaskInfo info = template.find(id).orElseThrow();
			assertThat(info.state()).isEqualTo(TaskState.ACTIVE);
			assertThat(info.progress().message()).isEqualTo("waiting for the test");
		}
		finally {
			Exports.reported.countDown();
		}
		assertThatThrownBy(TaskContext::current).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("@AsyncTask body");
	}

	/**
	 * A task that runs after a cancelled one is not released, as after a predecessor that
	 * went dead (docs/flows-and-results.md): it waits; once the cancelled task is retried
	 * from dead and completes, it runs.
	 */
	static void aDependentOfACancelledTaskWaitsUntilItIsRetried(ApplicationContext context) throws Exception {
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		Exports exports = context.getBean(Exports.class);
		int runs = Exports.laterRuns.get();
		template.pause("exports");
		String first = template.submit(TaskOptions.defaults(), () -> exports.now(5)).taskId();
		String then = template.submit(TaskOptions.defaults().after(first), () -> exports.now(6)).taskId();
		assertThat(template.find(then).orElseThrow().state()).isEqualTo(TaskState.WAITING);
		assertThat(template.cancel(first)).isTrue();
		template.resume("exports");
		await().during(Duration.ofSeconds(2))
			.atMost(WAIT)
			.until(() -> template.find(then).map(TaskInfo::state).orElse(null) == TaskState.WAITING);
		assertThat(Exports.laterRuns).hasValue(runs);
		assertThat(template.retryDead(first)).isTrue();
		assertThat(template.result(then, Long.class).get(30, TimeUnit.SECONDS)).isEqualTo(6L);
		assertThat(Exports.laterRuns).hasValue(runs + 2);
	}

}
