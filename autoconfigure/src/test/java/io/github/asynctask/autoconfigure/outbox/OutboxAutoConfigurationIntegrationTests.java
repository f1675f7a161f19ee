package io.github.asynctask.autoconfigure.outbox;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.console.ProcessedCounter;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.autoconfigure.console.Views;
import io.github.asynctask.outbox.OutboxMeters;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.outbox.OutboxRelay;
import io.github.asynctask.submit.SubmitOutbox;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The outbox through the starter's auto-configuration with defaults: off unless enabled;
 * on, with an embedded H2 DataSource, a task called in a transaction is a row of that
 * transaction, then runs after the commit; a missing table with
 * {@code initialize-schema=never} refuses start-up naming the table and DDL file. With
 * Spring Boot's JPA auto-configuration (Hibernate, its {@link JpaTransactionManager}), an
 * entity saved and a task called in one {@code @Transactional} method commit together, or
 * roll back together leaving no entity, no row and no task.
 */
@ExtendWith(RedisExtension.class)
class OutboxAutoConfigurationIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		OrderTasks.ran.clear();
		this.runner = new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(DataRedisAutoConfiguration.class, DataSourceAutoConfiguration.class,
							DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
							AsyncTaskAutoConfiguration.class, OutboxAutoConfiguration.class))
			.withBean(OrderTasks.class)
			.withPropertyValues("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port(),
					"spring.datasource.generate-unique-name=true");
	}

	@Test
	void offByDefault() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(SubmitOutbox.class);
			assertThat(context).doesNotHaveBean(Views.OutboxBacklogSource.class);
		});
	}

	@Test
	void aTaskCalledInACommittedTransactionIsARowThenRuns() {
		this.runner.withPropertyValues("async-task.outbox.enabled=true").run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(SubmitOutbox.class).hasSingleBean(OutboxRelay.class);
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			OrderTasks tasks = context.getBean(OrderTasks.class);
			TaskReceipt receipt = context.getBean(TransactionTemplate.class).execute((status) -> {
				TaskReceipt deferred = context.getBean(io.github.asynctask.AsyncTaskTemplate.class)
					.submit(io.github.asynctask.TaskOptions.defaults(), () -> tasks.ship(1L));
				return deferred;
			});
			assertThat(receipt.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
			await().atMost(WAIT).until(() -> OrderTasks.ran.contains("ship 1"));
			await().atMost(WAIT)
				.until(() -> jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class) == 0);
			MeterRegistry registry = new SimpleMeterRegistry();
			context.getBean(OutboxMeters.class).bindTo(registry);
			assertThat(registry.get("asynctask.outbox.rows").gauge().value()).isZero();
			assertThat(registry.get("asynctask.outbox.oldest").gauge().value()).isZero();
			TaskOperations operations = new TaskOperations(context.getBean(RedisBroker.class), new ProcessedCounter(),
					true);
			operations.outbox(context.getBean(Views.OutboxBacklogSource.class));
			Views.OutboxView overview = operations.overview().outbox();
			assertThat(overview).isNotNull();
			assertThat(overview.table()).isEqualTo("async_task_outbox");
		});
	}

	@Test
	void aMissingTableWithInitializeSchemaNeverRefusesStartUp() {
		this.runner
			.withPropertyValues("async-task.outbox.enabled=true", "async-task.outbox.initialize-schema=never",
					"async-task.outbox.table=shop_outbox")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("table 'shop_outbox' is missing")
				.hasStackTraceContaining("classpath:io/github/asynctask/outbox/schema-h2.sql"));
	}

	@Test
	void underJpaAnEntityAndATaskCommittedTogetherRunTheTaskOnceAndTheRowGoes() {
		jpa().run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(SubmitOutbox.class);
			assertThat(context.getBean(PlatformTransactionManager.class)).isInstanceOf(JpaTransactionManager.class);
			Shipments shipments = context.getBean(Shipments.class);
			TaskReceipt receipt = shipments.ship(1L);
			assertThat(shipments.joined()).as("the outbox joins the JpaTransactionManager's transaction")
				.containsExactly(true);
			assertThat(receipt.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			await().atMost(WAIT).until(() -> OrderTasks.ran.contains("ship 1"));
			await().atMost(WAIT)
				.until(() -> jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class) == 0);
			assertThat(jdbc.queryForObject("select count(*) from shipment", Integer.class)).isEqualTo(1);
			assertThat(OrderTasks.ran).containsExactly("ship 1");
		});
	}

	@Test
	void underJpaARolledBackTransactionLeavesNoEntityNoRowAndNoTask() {
		jpa().run((context) -> {
			Shipments shipments = context.getBean(Shipments.class);
			assertThatIllegalStateException().isThrownBy(() -> shipments.shipThenFail(2L));
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			assertThat(jdbc.queryForObject("select count(*) from shipment", Integer.class)).isZero();
			assertThat(jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class)).isZero();
			assertThat(context.getBean(RedisBroker.class).find("orders", shipments.submitted().get(0))).isEmpty();
		});
	}

	/**
	 * Spring Boot's JPA auto-configuration, whose transaction manager wins over the JDBC
	 * one.
	 */
	private ApplicationContextRunner jpa() {
		return this.runner.withConfiguration(AutoConfigurations.of(HibernateJpaAutoConfiguration.class))
			.withUserConfiguration(Shop.class)
			.withPropertyValues("async-task.outbox.enabled=true");
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Shipment.class)
	@Import(Shipments.class)
	static class Shop {

	}

	/**
	 * A shipment; its id generated by the database, so Hibernate inserts it when
	 * persisted, before the outbox's batch.
	 */
	@Entity
	@Table(name = "shipment")
	public static class Shipment {

		@Id
		@GeneratedValue(strategy = GenerationType.IDENTITY)
		private Long id;

		private long orderId;

		protected Shipment() {
		}

		Shipment(long orderId) {
			this.orderId = orderId;
		}

	}

	/** Saves a shipment and calls a task in one transaction. */
	public static class Shipments {

		@PersistenceContext
		private EntityManager entityManager;

		private final AsyncTaskTemplate tasks;

		private final OrderTasks orderTasks;

		private final SubmitOutbox outbox;

		private final List<Boolean> joined = new CopyOnWriteArrayList<>();

		private final List<String> submitted = new CopyOnWriteArrayList<>();

		public Shipments(AsyncTaskTemplate tasks, OrderTasks orderTasks, SubmitOutbox outbox) {
			this.tasks = tasks;
			this.orderTasks = orderTasks;
			this.outbox = outbox;
		}

		@Transactional
		public TaskReceipt ship(long order) {
			this.entityManager.persist(new Shipment(order));
			this.joined.add(this.outbox.joinsCurrentTransaction());
			TaskReceipt receipt = this.tasks.submit(TaskOptions.defaults(), () -> this.orderTasks.ship(order));
			this.submitted.add(receipt.taskId());
			return receipt;
		}

		@Transactional
		public void shipThenFail(long order) {
			ship(order);
			throw new IllegalStateException("the order cannot be shipped");
		}

		/**
		 * Whether the outbox joined each transaction (methods, so the proxy passes them
		 * on).
		 */
		public List<Boolean> joined() {
			return this.joined;
		}

		/** Ids of the tasks submitted. */
		public List<String> submitted() {
			return this.submitted;
		}

	}

	public static class OrderTasks {

		static final Set<String> ran = ConcurrentHashMap.newKeySet();

		@AsyncTask(queue = "orders")
		public void ship(long order) {
			ran.add("ship " + order);
		}

	}

}
