package io.github.asynctask.autoconfigure.outbox;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.submit.SubmitOutbox;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
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
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The outbox through Spring Boot's JPA auto-configuration (Hibernate, embedded H2, the
 * {@link JpaTransactionManager} it makes) and the starter's, with defaults: an entity
 * saved and a task called in one {@code @Transactional} method commit together and the
 * task runs once; a rollback leaves no entity, no row and no task.
 */
@ExtendWith(RedisExtension.class)
class OutboxJpaAutoConfigurationIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		OrderTasks.ran.clear();
		this.runner = new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(DataRedisAutoConfiguration.class, DataSourceAutoConfiguration.class,
							HibernateJpaAutoConfiguration.class, TransactionAutoConfiguration.class,
							AsyncTaskAutoConfiguration.class, OutboxAutoConfiguration.class))
			.withUserConfiguration(Shop.class)
			.withPropertyValues("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port(),
					"spring.datasource.generate-unique-name=true", "async-task.outbox.enabled=true");
	}

	@Test
	void anEntityAndATaskCommittedTogetherRunTheTaskOnceAndTheRowGoes() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(SubmitOutbox.class);
			assertThat(context.getBean(PlatformTransactionManager.class)).isInstanceOf(JpaTransactionManager.class);
			Orders orders = context.getBean(Orders.class);
			TaskReceipt receipt = orders.place(1L);
			assertThat(orders.joined()).as("the outbox joins the JpaTransactionManager's transaction")
				.containsExactly(true);
			assertThat(receipt.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			await().atMost(WAIT).until(() -> OrderTasks.ran.contains("ship 1"));
			await().atMost(WAIT)
				.until(() -> jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class) == 0);
			assertThat(jdbc.queryForObject("select count(*) from orders", Integer.class)).isEqualTo(1);
			assertThat(OrderTasks.ran).containsExactly("ship 1");
		});
	}

	@Test
	void aRolledBackTransactionLeavesNoEntityNoRowAndNoTask() {
		this.runner.run((context) -> {
			Orders orders = context.getBean(Orders.class);
			assertThatIllegalStateException().isThrownBy(() -> orders.placeThenFail(2L));
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			assertThat(jdbc.queryForObject("select count(*) from orders", Integer.class)).isZero();
			assertThat(jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class)).isZero();
			assertThat(context.getBean(RedisBroker.class).find("orders", orders.submitted().get(0))).isEmpty();
		});
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Order.class)
	@Import({ OrderTasks.class, Orders.class })
	static class Shop {

	}

	/** An order, its id assigned. */
	@Entity
	@Table(name = "orders")
	public static class Order {

		@Id
		private Long id;

		protected Order() {
		}

		Order(long id) {
			this.id = id;
		}

	}

	/** Saves an order and calls a task in one transaction. */
	public static class Orders {

		@PersistenceContext
		private EntityManager entityManager;

		private final AsyncTaskTemplate tasks;

		private final OrderTasks orderTasks;

		private final SubmitOutbox outbox;

		private final List<Boolean> joined = new CopyOnWriteArrayList<>();

		private final List<String> submitted = new CopyOnWriteArrayList<>();

		public Orders(AsyncTaskTemplate tasks, OrderTasks orderTasks, SubmitOutbox outbox) {
			this.tasks = tasks;
			this.orderTasks = orderTasks;
			this.outbox = outbox;
		}

		@Transactional
		public TaskReceipt place(long id) {
			this.entityManager.persist(new Order(id));
			this.joined.add(this.outbox.joinsCurrentTransaction());
			TaskReceipt receipt = this.tasks.submit(TaskOptions.defaults(), () -> this.orderTasks.ship(id));
			this.submitted.add(receipt.taskId());
			return receipt;
		}

		/** Whether the outbox joined each transaction of {@link #place}. */
		public List<Boolean> joined() {
			return this.joined;
		}

		/**
		 * Ids of the tasks submitted, a method so that the transactional proxy passes it
		 * on.
		 */
		public List<String> submitted() {
			return this.submitted;
		}

		@Transactional
		public void placeThenFail(long id) {
			place(id);
			throw new IllegalStateException("the order cannot be placed");
		}

	}

	public static class OrderTasks {

		static final List<String> ran = new CopyOnWriteArrayList<>();

		@AsyncTask(queue = "orders")
		public void ship(long order) {
			ran.add("ship " + order);
		}

	}

}
