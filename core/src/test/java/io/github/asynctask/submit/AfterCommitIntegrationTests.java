package io.github.asynctask.submit;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.RecordingTaskListener;
import io.github.asynctask.RedisBrokerExtension;
import io.github.asynctask.RedisTasks;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.TaskTestConfiguration;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Submits inside Spring transactions (H2 here, PostgreSQL in a subclass, with
 * {@link DataSourceTransactionManager}) against a real Redis: sent after commit, dropped
 * on rollback, REQUIRES_NEW like transaction-bound events, and kept through a Redis
 * outage right after the commit.
 */
@ExtendWith(RedisBrokerExtension.class)
class AfterCommitIntegrationTests {

	private static LuaRedisBroker broker;

	private static CallerCalls callerCalls;

	private final RedisServer redis;

	private final ApplicationContextRunner runner;

	AfterCommitIntegrationTests(RedisServer redis) {
		this.redis = redis;
		this.runner = new ApplicationContextRunner()
			.withUserConfiguration(TaskTestConfiguration.class, TransactionConfiguration.class)
			.withBean(DataSource.class, this::dataSource)
			.withBean(RedisBroker.class, () -> callerCalls.broker())
			.withBean(RecordingTaskListener.class)
			.withBean("shipping", ShippingTasks.class);
	}

	/**
	 * The database the transactions run on; each context gets a fresh one with an orders
	 * table.
	 */
	DataSource dataSource() {
		DataSource dataSource = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
			.generateUniqueName(true)
			.build();
		new JdbcTemplate(dataSource).execute("create table orders (id bigint primary key)");
		return dataSource;
	}

	@BeforeAll
	static void connect(LuaRedisBroker connected) {
		broker = connected;
		callerCalls = new CallerCalls(broker);
	}

	@Test
	void aCommittedSubmitIsSentAfterTheCommitAndTheBodySeesTheCommittedRow() {
		this.runner.run((context) -> {
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			ShippingTasks tasks = context.getBean(ShippingTasks.class);
			TaskReceipt receipt = transaction(context, TransactionDefinition.PROPAGATION_REQUIRED).execute((status) -> {
				context.getBean(JdbcTemplate.class).update("insert into orders(id) values (?)", 1L);
				TaskReceipt deferred = context.getBean(AsyncTaskTemplate.class)
					.submit(TaskOptions.defaults(), () -> tasks.ship(1L));
				tasks.ship(1L);
				assertThat(redisTasks.stored("default")).as("nothing in Redis before the commit").isZero();
				return deferred;
			});
			assertThat(receipt.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
			assertThat(redisTasks.pending("default")).isEqualTo(2);
			assertThat(redisTasks.pendingIds("default")).contains(receipt.taskId());
			redisTasks.runOne("default");
			assertThat(tasks.seen()).containsExactly("order 1 committed=true tx=true");
		});
	}

	@Test
	void aRolledBackSubmitNeverReachesRedis() {
		this.runner.run((context) -> {
			ShippingTasks tasks = context.getBean(ShippingTasks.class);
			transaction(context, TransactionDefinition.PROPAGATION_REQUIRED).executeWithoutResult((status) -> {
				tasks.ship(2L);
				status.setRollbackOnly();
			});
			assertThat(RedisTasks.taskKeys(this.redis)).isEmpty();
		});
	}

	@Test
	void requiresNewInsideARolledBackOuterTransactionSubmitsOnlyTheInnerTask() {
		this.runner.run((context) -> {
			ShippingTasks tasks = context.getBean(ShippingTasks.class);
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			transaction(context, TransactionDefinition.PROPAGATION_REQUIRED).executeWithoutResult((outer) -> {
				tasks.ship(10L);
				transaction(context, TransactionDefinition.PROPAGATION_REQUIRES_NEW)
					.executeWithoutResult((inner) -> tasks.ship(11L));
				assertThat(redisTasks.pending("default")).as("the inner task went out at the inner commit").isOne();
				tasks.ship(12L);
				outer.setRollbackOnly();
			});
			assertThat(redisTasks.pending("default")).isOne();
			redisTasks.runOne("default");
			assertThat(tasks.seen()).containsExactly("order 11 committed=false tx=true");
		});
	}

	@Test
	void submitsOfANestedScopeRolledBackToItsSavepointAreDroppedAndTheOthersSent() {
		this.runner.run((context) -> {
			ShippingTasks tasks = context.getBean(ShippingTasks.class);
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			transaction(context, TransactionDefinition.PROPAGATION_REQUIRED).executeWithoutResult((outer) -> {
				// the transaction's first submit is made after the savepoint
				transaction(context, TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult((nested) -> {
					tasks.ship(30L);
					nested.setRollbackOnly();
				});
				tasks.ship(31L);
				transaction(context, TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult((nested) -> {
					tasks.ship(32L);
					transaction(context, TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult((inner) -> {
						tasks.ship(33L);
						inner.setRollbackOnly();
					});
				});
				transaction(context, TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult((nested) -> {
					tasks.ship(34L);
					nested.setRollbackOnly();
				});
			});
			assertThat(redisTasks.pending("default")).isEqualTo(2);
			redisTasks.runOne("default");
			redisTasks.runOne("default");
			assertThat(tasks.seen()).containsExactlyInAnyOrder("order 31 committed=false tx=true",
					"order 32 committed=false tx=true");
		});
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void aCommitWithAnUnknownOutcomeSendsNothingAndLogsEveryTaskAtError(CapturedOutput output) {
		this.runner.run((context) -> {
			ShippingTasks tasks = context.getBean(ShippingTasks.class);
			// the database may or may not have committed: the reply to COMMIT was lost
			DataSourceTransactionManager unknownOutcome = new DataSourceTransactionManager(
					context.getBean(DataSource.class)) {

				@Override
				protected void doCommit(DefaultTransactionStatus status) {
					throw new TransactionSystemException("connection lost while committing");
				}

			};
			TransactionTemplate template = new TransactionTemplate(unknownOutcome);
			TaskReceipt[] receipts = new TaskReceipt[2];
			assertThatExceptionOfType(TransactionSystemException.class)
				.isThrownBy(() -> template.executeWithoutResult((status) -> {
					receipts[0] = context.getBean(AsyncTaskTemplate.class)
						.submit(TaskOptions.defaults(), () -> tasks.ship(40L));
					receipts[1] = context.getBean(AsyncTaskTemplate.class)
						.submit(TaskOptions.defaults().bizId("order-41"), () -> tasks.ship(41L));
				}));
			assertThat(RedisTasks.taskKeys(this.redis)).isEmpty();
			assertThat(output).contains("ERROR")
				.contains("2 task(s) of a transaction whose commit outcome is unknown were NOT sent")
				.contains("ShippingTasks.ship[id=" + receipts[0].taskId() + ", queue=default]")
				.contains("ShippingTasks.ship[id=" + receipts[1].taskId() + ", queue=default, bizId=order-41]");
		});
	}

	@Test
	void whileTheResendBufferHoldsTasksACommitQueuesBehindThemWithoutCallingRedis() {
		assumeTrue(this.redis.canInjectFaults());
		this.runner.run((context) -> {
			ShippingTasks tasks = context.getBean(ShippingTasks.class);
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			ResendBuffer buffer = context.getBean(ResendBuffer.class);
			this.redis.stop();
			try {
				buffer.offer(List.of(EnqueueRequest.now("default", "01KHELDHELDHELDHELDHELDHEL", "ShippingTasks.ship",
						"{\"v\":1,\"args\":[49]}", 0)));
				int before = callerCalls.enqueues();
				transaction(context, TransactionDefinition.PROPAGATION_REQUIRED)
					.executeWithoutResult((status) -> tasks.ship(50L));
				assertThat(callerCalls.enqueues()).as("enqueue calls from the committing thread").isEqualTo(before);
				assertThat(buffer.size()).isEqualTo(2);
			}
			finally {
				this.redis.start();
			}
			Awaitility.await()
				.atMost(Duration.ofSeconds(60))
				.untilAsserted(() -> assertThat(redisTasks.pending("default")).isEqualTo(2));
		});
	}

	@Test
	void aTaskBodyRunsInItsOwnTransactionAndTaskCallsItMakesAreSubmitted() {
		this.runner.run((context) -> {
			ShippingTasks tasks = context.getBean(ShippingTasks.class);
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			tasks.shipAndNotify(5L);
			redisTasks.runOne("default");
			assertThat(tasks.seen()).containsExactly("shipAndNotify 5 tx=true");
			// the nested call was deferred to the body's own commit, then sent
			assertThat(redisTasks.pending("default")).isOne();
			redisTasks.runOne("default");
			assertThat(tasks.seen()).containsExactly("shipAndNotify 5 tx=true", "order 5 committed=false tx=true");
		});
	}

	@Test
	void aHundredCommittedSubmitsSurviveRedisBeingDownForFiveSecondsAfterTheCommit() throws Exception {
		assumeTrue(this.redis.canInjectFaults());
		this.runner.run((context) -> {
			ShippingTasks tasks = context.getBean(ShippingTasks.class);
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			RecordingTaskListener listener = context.getBean(RecordingTaskListener.class);
			Thread restarter = new Thread(() -> {
				sleep(Duration.ofSeconds(5));
				this.redis.start();
			});
			transaction(context, TransactionDefinition.PROPAGATION_REQUIRED).executeWithoutResult((status) -> {
				for (long i = 0; i < 100; i++) {
					tasks.ship(i);
				}
				this.redis.stop();
				restarter.start();
			});
			// the committer came back although Redis was down; the batch is held
			assertThat(context.getBean(ResendBuffer.class).size()).isEqualTo(100);
			restarter.join();
			Awaitility.await()
				.atMost(Duration.ofSeconds(60))
				.untilAsserted(() -> assertThat(redisTasks.pending("default")).isEqualTo(100));
			assertThat(new HashSet<>(redisTasks.pendingIds("default"))).hasSize(100);
			assertThat(redisTasks.stored("default")).isEqualTo(100);
			Awaitility.await()
				.atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(listener.resendBufferSizes).endsWith(0));
			assertThat(listener.resendBufferSizes).contains(100);
		});
	}

	private static TransactionTemplate transaction(org.springframework.context.ApplicationContext context,
			int propagation) {
		TransactionTemplate template = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
		template.setPropagationBehavior(propagation);
		return template;
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Counts the enqueue calls made on threads other than the re-send buffer's, i.e. by
	 * callers and committing threads.
	 */
	static final class CallerCalls implements InvocationHandler {

		private final RedisBroker target;

		private final AtomicInteger enqueues = new AtomicInteger();

		CallerCalls(RedisBroker target) {
			this.target = target;
		}

		RedisBroker broker() {
			return (RedisBroker) Proxy.newProxyInstance(RedisBroker.class.getClassLoader(),
					new Class<?>[] { RedisBroker.class }, this);
		}

		int enqueues() {
			return this.enqueues.get();
		}

		@Override
		public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
			if (method.getName().startsWith("enqueue")
					&& !Thread.currentThread().getName().equals("asynctask-resend")) {
				this.enqueues.incrementAndGet();
			}
			try {
				return method.invoke(this.target, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	static class TransactionConfiguration {

		@Bean
		PlatformTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		@Bean
		JdbcTemplate jdbcTemplate(DataSource dataSource) {
			return new JdbcTemplate(dataSource);
		}

	}

	public static class ShippingTasks {

		private final List<String> seen = new CopyOnWriteArrayList<>();

		@Autowired
		private JdbcTemplate jdbc;

		@Autowired
		@Lazy
		private ShippingTasks self;

		@AsyncTask
		@Transactional
		public void ship(long orderId) {
			Integer rows = this.jdbc.queryForObject("select count(*) from orders where id = ?", Integer.class, orderId);
			this.seen.add("order " + orderId + " committed=" + (rows != null && rows == 1) + " tx="
					+ TransactionSynchronizationManager.isActualTransactionActive());
		}

		@AsyncTask
		@Transactional
		public void shipAndNotify(long orderId) {
			this.seen.add("shipAndNotify " + orderId + " tx="
					+ TransactionSynchronizationManager.isActualTransactionActive());
			this.self.ship(orderId);
		}

		List<String> seen() {
			return this.seen;
		}

	}

}
