package io.github.asynctask.autoconfigure.flow;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskFailedException;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.autoconfigure.flow.FlowsIntegrationTests.SynchronizationOnlyTransactionManager;
import io.github.asynctask.autoconfigure.flow.ResultsIntegrationTests.Calculator;
import io.github.asynctask.flow.ResultWaiters;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Every result future ends: several futures of one task all complete; a future whose task
 * never reached Redis (a rolled-back transaction, a task deleted) fails with the reason,
 * one whose submit turned out a duplicate at the commit follows the task holding the
 * bizId, and no more than {@code async-task.results.max-waiting} futures wait at once.
 */
@ExtendWith(FlushedRedisExtension.class)
class ResultFuturesIntegrationTests {

	private final ApplicationContextRunner runner;

	ResultFuturesIntegrationTests(RedisServer redis) {
		this.runner = ResultsIntegrationTests.calculatorRunner(redis.springDataRedisProperties());
	}

	@Test
	void theCallsFutureAndEveryTemplateFutureOfOneTaskComplete() {
		this.runner.run((context) -> {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Calculator.gate = new CountDownLatch(1);
			CompletableFuture<Long> call = context.getBean(Calculator.class).gated(6);
			await().atMost(Duration.ofSeconds(20)).until(() -> tasks(context, TaskState.ACTIVE).size() == 1);
			String id = tasks(context, TaskState.ACTIVE).get(0).id();
			CompletableFuture<Long> first = template.result(id, Long.class);
			CompletableFuture<Long> second = template.result(id, Long.class);
			Calculator.gate.countDown();
			assertThat(call.get(20, TimeUnit.SECONDS)).isEqualTo(36L);
			assertThat(first.get(20, TimeUnit.SECONDS)).isEqualTo(36L);
			assertThat(second.get(20, TimeUnit.SECONDS)).isEqualTo(36L);
			await().atMost(Duration.ofSeconds(5)).until(() -> waiters(context).size() == 0);
		});
	}

	@Test
	void aFutureOfACallInATransactionThatRolledBackFailsAtTheRollback() {
		this.runner.run((context) -> {
			AtomicReference<CompletableFuture<Long>> future = new AtomicReference<>();
			new TransactionTemplate(new SynchronizationOnlyTransactionManager()).executeWithoutResult((status) -> {
				future.set(context.getBean(Calculator.class).square(3));
				status.setRollbackOnly();
			});
			assertThat(future.get()).isCompletedExceptionally();
			assertThatThrownBy(() -> future.get().get()).cause()
				.isInstanceOf(TaskFailedException.class)
				.hasMessageContaining("calc.square")
				.hasMessageContaining("rolled back");
			assertThat(waiters(context).size()).isZero();
		});
	}

	@Test
	void aFutureOfACallFoundADuplicateAtTheCommitFollowsTheTaskHoldingTheBizId() {
		this.runner.run((context) -> {
			Calculator calculator = context.getBean(Calculator.class);
			assertThat(calculator.cube(3).get(20, TimeUnit.SECONDS)).isEqualTo(27L);
			AtomicReference<CompletableFuture<Long>> again = new AtomicReference<>();
			new TransactionTemplate(new SynchronizationOnlyTransactionManager())
				.executeWithoutResult((status) -> again.set(calculator.cube(3)));
			assertThat(again.get().get(20, TimeUnit.SECONDS)).isEqualTo(27L);
		});
	}

	@Test
	void aFutureOfADeletedTaskFailsSayingSo() {
		this.runner.run((context) -> {
			CompletableFuture<Long> later = context.getBean(Calculator.class).later(4);
			String id = only(context, TaskState.SCHEDULED).id();
			assertThat(context.getBean(AsyncTaskTemplate.class).delete(id)).isTrue();
			assertThatThrownBy(() -> later.get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
				.cause()
				.isInstanceOf(TaskFailedException.class)
				.hasMessageContaining(id)
				.hasMessageContaining("deleted");
			// the waiter leaves the table in the future's completion callback, which may
			// run
			// a moment after get() returned on this thread
			await().atMost(Duration.ofSeconds(5)).until(() -> waiters(context).size() == 0);
		});
	}

	@Test
	void aFutureBeyondMaxWaitingFailsAtOnceNamingThePropertyAndTheOthersStillComplete() {
		this.runner.withPropertyValues("async-task.results.max-waiting=2", "async-task.retention.completed=1m")
			.run((context) -> {
				AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
				Calculator calculator = context.getBean(Calculator.class);
				template.pause("calc");
				CompletableFuture<Long> one = calculator.square(1);
				CompletableFuture<Long> two = calculator.square(2);
				CompletableFuture<Long> three = calculator.square(3);
				assertThat(three).isCompletedExceptionally();
				assertThatThrownBy(three::get).cause().hasMessageContaining("async-task.results.max-waiting");
				template.resume("calc");
				assertThat(one.get(20, TimeUnit.SECONDS)).isEqualTo(1L);
				assertThat(two.get(20, TimeUnit.SECONDS)).isEqualTo(4L);
				// the task behind the refused future ran all the same
				RedisBroker broker = context.getBean(RedisBroker.class);
				await().atMost(Duration.ofSeconds(20))
					.until(() -> broker.list("calc", TaskState.COMPLETED, 0, 10).size() == 3);
			});
	}

	@Test
	void aFutureWhoseTaskDoesNotReachRedisWithinTheSubmitTimeoutFails() {
		this.runner.withPropertyValues("async-task.results.submit-timeout=1s").run((context) -> {
			AtomicReference<CompletableFuture<Long>> future = new AtomicReference<>();
			new TransactionTemplate(new SynchronizationOnlyTransactionManager()).executeWithoutResult((status) -> {
				future.set(context.getBean(Calculator.class).square(5));
				// the transaction stays open past the timeout
				await().atMost(Duration.ofSeconds(20)).until(() -> future.get().isDone());
			});
			assertThatThrownBy(() -> future.get().get()).cause()
				.isInstanceOf(TaskFailedException.class)
				.hasMessageContaining("async-task.results.submit-timeout");
		});
	}

	private static TaskInfo only(ApplicationContext context, TaskState state) {
		List<TaskInfo> tasks = tasks(context, state);
		assertThat(tasks).hasSize(1);
		return tasks.get(0);
	}

	private static List<TaskInfo> tasks(ApplicationContext context, TaskState state) {
		return context.getBean(RedisBroker.class).list("calc", state, 0, 10);
	}

	private static ResultWaiters waiters(ApplicationContext context) {
		return context.getBean(ResultWaiters.class);
	}

}
