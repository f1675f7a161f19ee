package io.github.asynctask.autoconfigure.flow;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.TaskState;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.WorkerContexts;
import io.github.asynctask.autoconfigure.console.AsyncTaskConsoleAutoConfiguration;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.definition.InvalidTaskDefinitionException;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * "B after A" through the starter on one real Redis: a B submitted first waits and runs
 * once after A completed, never while A is pending, active or dead; a B submitted after A
 * completed runs at once; a wait times out into dead naming what it waited for; invalid
 * rules refuse start-up.
 */
@ExtendWith(RedisExtension.class)
public class FlowsIntegrationTests {

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		Shop.reset();
		this.runner = WorkerContexts.on(redis, Shop.class)
			.withConfiguration(AutoConfigurations.of(AsyncTaskConsoleAutoConfiguration.class))
			.withPropertyValues("async-task.lease=3s", "async-task.shutdown-timeout=1s");
	}

	@Test
	void shipSubmittedBeforePayWaitsWhilePayRunsAndRunsOnceAfterIt() {
		this.runner.run((context) -> {
			Shop shop = context.getBean(Shop.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			TaskReceipt ship = template.submit(TaskOptions.defaults(), () -> shop.ship(42));
			assertThat(ship.status()).isEqualTo(TaskReceipt.Status.WAITING);
			assertThat(template.find(ship.taskId())).map(TaskInfo::state).contains(TaskState.WAITING);
			assertThat(template.stats("shipping")).extracting(QueueStats::waiting).isEqualTo(1L);
			// the endpoint and the console (both read TaskOperations) say what it waits
			// for
			TaskOperations operations = context.getBean(TaskOperations.class);
			assertThat(operations.task("shipping", ship.taskId()).waitsFor())
				.containsExactly("order.pay of bizId 42 (queue 'payments')");
			assertThat(operations.tasks("shipping", "waiting", 0, 10).total()).isEqualTo(1);
			assertThat(operations.overview().queues())
				.anySatisfy((queue) -> assertThat(queue.sizes()).containsEntry("waiting", 1L));
			Shop.holdPay = new CountDownLatch(1);
			shop.pay(42);
			await().atMost(Duration.ofSeconds(10)).until(() -> Shop.payStarted.containsKey(42L));
			// pay is active: ship still waits
			assertThat(template.find(ship.taskId())).map(TaskInfo::state).contains(TaskState.WAITING);
			assertThat(Shop.shipStarted).doesNotContainKey(42L);
			Shop.holdPay.countDown();
			await().atMost(Duration.ofSeconds(10)).until(() -> Shop.shipStarted.containsKey(42L));
			assertThat(Shop.shipStarted.get(42L)).isGreaterThanOrEqualTo(Shop.payFinished.get(42L));
			await().atMost(Duration.ofSeconds(5)).until(() -> template.find(ship.taskId()).isEmpty());
			assertThat(Shop.shipRuns).containsExactly(42L);
			assertThat(template.stats("shipping").waiting()).isZero();
		});
	}

	@Test
	void onShardedQueuesEachShipWaitsForItsPayAndRunsOnceAfterIt() {
		this.runner.withPropertyValues("async-task.queues.payments.shards=4", "async-task.queues.shipping.shards=3")
			.run((context) -> {
				Shop shop = context.getBean(Shop.class);
				AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
				for (long order = 1; order <= 12; order++) {
					long id = order;
					assertThat(template.submit(TaskOptions.defaults(), () -> shop.ship(id)).status())
						.isEqualTo(TaskReceipt.Status.WAITING);
				}
				assertThat(template.stats("shipping").waiting()).isEqualTo(12);
				for (long order = 1; order <= 12; order++) {
					shop.pay(order);
				}
				await().atMost(Duration.ofSeconds(20)).until(() -> Shop.shipRuns.size() == 12);
				for (long order = 1; order <= 12; order++) {
					assertThat(Shop.shipStarted.get(order)).isGreaterThanOrEqualTo(Shop.payFinished.get(order));
				}
				assertThat(Shop.shipRuns).doesNotHaveDuplicates();
				assertThat(template.stats("shipping").waiting()).isZero();
			});
	}

	@Test
	void shipSubmittedAfterPayCompletedRunsAtOnce() {
		this.runner.run((context) -> {
			Shop shop = context.getBean(Shop.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			shop.pay(7);
			await().atMost(Duration.ofSeconds(10)).until(() -> Shop.payFinished.containsKey(7L));
			await().atMost(Duration.ofSeconds(10)).until(() -> template.stats("payments").active() == 0);
			TaskReceipt ship = template.submit(TaskOptions.defaults(), () -> shop.ship(7));
			assertThat(ship.status()).isEqualTo(TaskReceipt.Status.ENQUEUED);
			await().atMost(Duration.ofSeconds(10)).until(() -> Shop.shipRuns.contains(7L));
		});
	}

	@Test
	void aWaitThatOutlivesItsTimeoutGoesDeadNamingWhatItWaitedFor() {
		this.runner.withPropertyValues("async-task.defaults.wait-timeout=1s").run((context) -> {
			Shop shop = context.getBean(Shop.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			TaskReceipt ship = template.submit(TaskOptions.defaults(), () -> shop.ship(5));
			await().atMost(Duration.ofSeconds(15))
				.until(() -> template.find(ship.taskId()).map(TaskInfo::state).orElse(null) == TaskState.DEAD);
			assertThat(template.find(ship.taskId()).orElseThrow().lastError())
				.contains("wait timeout: still waiting for order.pay of bizId 5 (queue 'payments')");
			assertThat(Shop.shipRuns).isEmpty();
		});
	}

	@Test
	void payDeadKeepsShipWaitingUntilPayIsRetriedAndCompletes() {
		this.runner.run((context) -> {
			Shop shop = context.getBean(Shop.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			TaskReceipt ship = template.submit(TaskOptions.defaults(), () -> shop.ship(9));
			Shop.failPay = true;
			TaskReceipt pay = template.submit(TaskOptions.defaults().maxRetries(0), () -> shop.pay(9));
			await().atMost(Duration.ofSeconds(10))
				.until(() -> template.find(pay.taskId()).map(TaskInfo::state).orElse(null) == TaskState.DEAD);
			assertThat(template.find(ship.taskId())).map(TaskInfo::state).contains(TaskState.WAITING);
			Shop.failPay = false;
			assertThat(template.retryDead(pay.taskId())).isTrue();
			await().atMost(Duration.ofSeconds(10)).until(() -> Shop.shipRuns.contains(9L));
			assertThat(Shop.shipRuns).containsExactly(9L);
		});
	}

	@Test
	void aThousandPairsInRandomOrderFromEightThreadsOnTwoContextsEachShipRunsOnceAfterItsPay() {
		int pairs = 1000;
		this.runner.run((first) -> this.runner.run((second) -> {
			List<Runnable> calls = new ArrayList<>();
			for (long id = 1000; id < 1000 + pairs; id++) {
				long order = id;
				Shop one = ((order % 2 == 0) ? first : second).getBean(Shop.class);
				Shop other = ((order % 3 == 0) ? first : second).getBean(Shop.class);
				calls.add(() -> one.pay(order));
				calls.add(() -> other.ship(order));
			}
			Collections.shuffle(calls);
			ExecutorService threads = Executors.newFixedThreadPool(8);
			try {
				List<Future<?>> done = new ArrayList<>();
				calls.forEach((call) -> done.add(threads.submit(call)));
				for (Future<?> future : done) {
					future.get(30, TimeUnit.SECONDS);
				}
			}
			finally {
				threads.shutdownNow();
			}
			await().atMost(Duration.ofSeconds(60)).until(() -> Shop.shipRuns.size() >= pairs);
			assertThat(Shop.shipRuns).hasSize(pairs).doesNotHaveDuplicates();
			for (long id = 1000; id < 1000 + pairs; id++) {
				assertThat(Shop.shipStarted.get(id)).as("ship %d started after its pay finished", id)
					.isGreaterThanOrEqualTo(Shop.payFinished.get(id));
			}
		}));
	}

	@Test
	void aChainOfFiveReceiptsRunsInOrder() {
		this.runner.withBean(Steps.class).run((context) -> {
			Steps steps = context.getBean(Steps.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			TaskReceipt previous = template.submit(TaskOptions.defaults(), () -> steps.step(1));
			for (int n = 2; n <= 5; n++) {
				int step = n;
				previous = template.submit(TaskOptions.defaults().after(previous), () -> steps.step(step));
				assertThat(previous.status()).isIn(TaskReceipt.Status.WAITING, TaskReceipt.Status.ENQUEUED);
			}
			await().atMost(Duration.ofSeconds(20)).until(() -> Steps.finished.containsKey(5));
			for (int n = 2; n <= 5; n++) {
				assertThat(Steps.started.get(n)).as("step %d after step %d", n, n - 1)
					.isGreaterThanOrEqualTo(Steps.finished.get(n - 1));
			}
		});
	}

	@Test
	void aFanInOfTenReceiptsRunsAfterAllOfThem() {
		this.runner.withBean(Steps.class).run((context) -> {
			Steps steps = context.getBean(Steps.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			List<TaskReceipt> receipts = new ArrayList<>();
			for (int n = 1; n <= 10; n++) {
				int step = n;
				receipts.add(template.submit(TaskOptions.defaults(), () -> steps.step(step)));
			}
			TaskReceipt join = template.submit(TaskOptions.defaults().after(receipts.toArray(TaskReceipt[]::new)),
					() -> steps.step(99));
			await().atMost(Duration.ofSeconds(20)).until(() -> Steps.finished.containsKey(99));
			for (int n = 1; n <= 10; n++) {
				assertThat(Steps.started.get(99)).as("join after step %d", n)
					.isGreaterThanOrEqualTo(Steps.finished.get(n));
			}
			assertThat(template.find(join.taskId())).isEmpty();
		});
	}

	@Test
	void receiptsDeferredUntilCommitChainAfterTheCommit() {
		this.runner.withBean(Steps.class).run((context) -> {
			Steps steps = context.getBean(Steps.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			new TransactionTemplate(new SynchronizationOnlyTransactionManager()).executeWithoutResult((status) -> {
				TaskReceipt first = template.submit(TaskOptions.defaults(), () -> steps.step(201));
				TaskReceipt second = template.submit(TaskOptions.defaults().after(first), () -> steps.step(202));
				assertThat(first.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
				assertThat(second.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
			});
			await().atMost(Duration.ofSeconds(20)).until(() -> Steps.finished.containsKey(202));
			assertThat(Steps.started.get(202)).isGreaterThanOrEqualTo(Steps.finished.get(201));
		});
	}

	@Test
	void anAfterNamingAnUnknownTaskIdIsRefusedAtTheCall() {
		this.runner.withBean(Steps.class).run((context) -> {
			Steps steps = context.getBean(Steps.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			assertThatThrownBy(() -> template.submit(TaskOptions.defaults().after("01NOSUCHTASK"), () -> steps.step(1)))
				.isInstanceOf(IllegalArgumentException.class)
				.hasMessageContaining("cannot run after task 01NOSUCHTASK: no queue holds a task with that id");
		});
	}

	@Test
	void anAfterNamingNoTaskRefusesStartUpNamingBeanAndMethod() {
		this.runner.withBean("unknownAfter", UnknownAfter.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(InvalidTaskDefinitionException.class)
				.hasMessageContaining("'unknownAfter' method UnknownAfter.run")
				.hasMessageContaining("runs after 'no.such.task', which is no task of this application");
		});
	}

	@Test
	void anAfterWithoutBizIdOnEitherSideRefusesStartUp() {
		this.runner.withBean("noBizId", NoBizId.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining("NoBizId.waiter")
				.hasMessageContaining("has no bizId; after matches the awaited tasks by bizId")
				.hasMessageContaining("NoBizId.awaitedWithoutBizId");
		});
	}

	@Test
	void aCycleOfAfterRefusesStartUp() {
		this.runner.withBean("cycle", Cycle.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining("is part of a cycle of after")
				.hasMessageContaining("cycle.a -> cycle.b -> cycle.a");
		});
	}

	/** The sample shop: ship waits for pay of the same order. */
	public static class Shop {

		static final Map<Long, Long> payStarted = new ConcurrentHashMap<>();

		static final Map<Long, Long> payFinished = new ConcurrentHashMap<>();

		static final Map<Long, Long> shipStarted = new ConcurrentHashMap<>();

		static final List<Long> shipRuns = new CopyOnWriteArrayList<>();

		static volatile CountDownLatch holdPay = new CountDownLatch(0);

		static volatile boolean failPay;

		static void reset() {
			Steps.started.clear();
			Steps.finished.clear();
			payStarted.clear();
			payFinished.clear();
			shipStarted.clear();
			shipRuns.clear();
			holdPay = new CountDownLatch(0);
			failPay = false;
		}

		@AsyncTask(name = "order.pay", queue = "payments", bizId = "#orderId")
		public void pay(long orderId) {
			payStarted.put(orderId, System.nanoTime());
			if (failPay) {
				throw new IllegalStateException("card declined");
			}
			try {
				holdPay.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			payFinished.put(orderId, System.nanoTime());
		}

		@AsyncTask(name = "order.ship", queue = "shipping", bizId = "#orderId", after = "order.pay")
		public void ship(long orderId) {
			shipStarted.putIfAbsent(orderId, System.nanoTime());
			shipRuns.add(orderId);
		}

	}

	/** Steps of a chain or fan-in, with their start and finish times. */
	public static class Steps {

		static final Map<Integer, Long> started = new ConcurrentHashMap<>();

		static final Map<Integer, Long> finished = new ConcurrentHashMap<>();

		@AsyncTask(name = "flow.step", queue = "steps")
		public void step(int n) {
			started.putIfAbsent(n, System.nanoTime());
			finished.put(n, System.nanoTime());
		}

	}

	/**
	 * Transaction synchronization without a resource: enough for after-commit submits.
	 */
	public static final class SynchronizationOnlyTransactionManager extends AbstractPlatformTransactionManager {

		@Override
		protected Object doGetTransaction() {
			return new Object();
		}

		@Override
		protected void doBegin(Object transaction, TransactionDefinition definition) {
		}

		@Override
		protected void doCommit(DefaultTransactionStatus status) {
		}

		@Override
		protected void doRollback(DefaultTransactionStatus status) {
		}

	}

	public static class UnknownAfter {

		@AsyncTask(name = "unknown.after", bizId = "#id", after = "no.such.task")
		public void run(long id) {
		}

	}

	public static class NoBizId {

		@AsyncTask(name = "nobiz.awaited")
		public void awaitedWithoutBizId(long id) {
		}

		@AsyncTask(name = "nobiz.waiter", after = "nobiz.awaited")
		public void waiter(long id) {
		}

	}

	public static class Cycle {

		@AsyncTask(name = "cycle.a", bizId = "#id", after = "cycle.b")
		public void a(long id) {
		}

		@AsyncTask(name = "cycle.b", bizId = "#id", after = "cycle.a")
		public void b(long id) {
		}

	}

}
