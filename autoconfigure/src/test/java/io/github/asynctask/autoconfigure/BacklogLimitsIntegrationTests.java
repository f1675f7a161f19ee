package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.QueueFullException;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.metrics.AsyncTaskMetricsAutoConfiguration;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@code async-task.queues.
 *
<q>.max-backlog} through the auto-configuration on a real Redis: a submit to a full queue
 * throws {@link QueueFullException} naming the queue, its backlog and the limit, and
 * counts {@code asynctask.queue.rejected}; with {@code on-full: wait} it blocks until a
 * place frees, or throws after the timeout. The queue is not served here, so what is
 * submitted stays.
 */
@ExtendWith(RedisExtension.class)
class BacklogLimitsIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		this.runner = WorkerContexts.on(redis, ReportTasks.class)
			.withConfiguration(AutoConfigurations.of(AsyncTaskMetricsAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withPropertyValues("async-task.queues.reports.enabled=false", "async-task.queues.reports.max-backlog=3");
	}

	@Test
	void aSubmitToAFullQueueThrowsNamingTheQueueItsBacklogAndTheLimit() {
		this.runner.run((context) -> {
			ReportTasks tasks = context.getBean(ReportTasks.class);
			fill(tasks);
			assertThatExceptionOfType(QueueFullException.class).isThrownBy(() -> tasks.render("r-3"))
				.withMessageContaining("Queue 'reports' is full")
				.withMessageContaining("is 3 of async-task.queues.reports.max-backlog=3")
				.withMessageContaining("task 'ReportTasks.render'")
				.satisfies((ex) -> assertThat(ex.getQueue()).isEqualTo("reports"));
			assertThat(context.getBean(MeterRegistry.class)
				.get("asynctask.queue.rejected")
				.tag("queue", "reports")
				.counter()
				.count()).isEqualTo(1);
			assertThat(context.getBean(RedisBroker.class).stats("reports").pending()).isEqualTo(3);
		});
	}

	@Test
	void aDuplicateBizIdOnAFullQueueReturnsTheTaskHoldingIt() {
		this.runner.withPropertyValues("async-task.queues.reports.max-backlog=1").run((context) -> {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			ReportTasks tasks = context.getBean(ReportTasks.class);
			TaskReceipt first = template.submit(TaskOptions.defaults().bizId("month-1"), () -> tasks.render("a"));
			TaskReceipt again = template.submit(TaskOptions.defaults().bizId("month-1"), () -> tasks.render("a"));
			assertThat(again.status()).isEqualTo(TaskReceipt.Status.DUPLICATE);
			assertThat(again.taskId()).isEqualTo(first.taskId());
			assertThatExceptionOfType(QueueFullException.class)
				.isThrownBy(() -> template.submit(TaskOptions.defaults().bizId("month-2"), () -> tasks.render("b")));
		});
	}

	@Test
	void onFullWaitBlocksTheSubmitUntilAPlaceFrees() {
		this.runner
			.withPropertyValues("async-task.queues.reports.on-full=wait",
					"async-task.queues.reports.on-full-timeout=30s")
			.run((context) -> {
				ReportTasks tasks = context.getBean(ReportTasks.class);
				fill(tasks);
				AtomicReference<Thread> submitting = new AtomicReference<>();
				CompletableFuture<Void> blocked = CompletableFuture.runAsync(() -> {
					submitting.set(Thread.currentThread());
					tasks.render("r-3");
				});
				// pausing between its checks of the full queue
				await().atMost(WAIT)
					.until(() -> submitting.get() != null && submitting.get().getState() == Thread.State.TIMED_WAITING);
				assertThat(blocked).isNotDone();
				RedisBroker broker = context.getBean(RedisBroker.class);
				broker.complete(broker.dequeue("reports", 1, Duration.ofMinutes(1)).get(0), Duration.ZERO);
				blocked.get(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
				assertThat(broker.stats("reports").pending()).isEqualTo(3);
			});
	}

	@Test
	void onFullWaitThrowsOnceTheTimeoutPassedWithoutAPlace() {
		this.runner
			.withPropertyValues("async-task.queues.reports.on-full=wait",
					"async-task.queues.reports.on-full-timeout=200ms")
			.run((context) -> {
				ReportTasks tasks = context.getBean(ReportTasks.class);
				fill(tasks);
				assertThatExceptionOfType(QueueFullException.class).isThrownBy(() -> tasks.render("r-3"))
					.withMessageContaining("after waiting PT0.2S for room");
			});
	}

	@Test
	void aBadLimitRefusesStartUpNamingTheProperty() {
		this.runner.withPropertyValues("async-task.queues.reports.max-backlog=0")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("async-task.queues.reports.max-backlog"));
	}

	/** Three tasks: the queue's max-backlog. */
	private static void fill(ReportTasks tasks) {
		for (int i = 0; i < 3; i++) {
			tasks.render("r-" + i);
		}
	}

	static class ReportTasks {

		@AsyncTask(queue = "reports")
		public void render(String month) {
		}

	}

}
