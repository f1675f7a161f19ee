package io.github.asynctask.outbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.TaskState;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.submit.TaskSubmitter;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Id;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Table;
import org.awaitility.Awaitility;
import org.hibernate.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;
import org.springframework.orm.jpa.vendor.HibernateJpaVendorAdapter;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The outbox under JPA/Hibernate through {@link JpaTransactionManager} (H2 here,
 * PostgreSQL in a subclass): an entity saved and a task called in one
 * {@code @Transactional} method commit together, roll back together, and the outbox row
 * is written through Hibernate's own JDBC connection, so a failure of Hibernate's flush
 * at the commit takes the row with it.
 */
@ExtendWith({ RedisExtension.class, TestDatabases.class })
class OutboxJpaIntegrationTests {

	private final RedisServer redis;

	private final TestDatabase database;

	private OutboxFixture outbox;

	private AnnotationConfigApplicationContext context;

	/** The service as written; its {@code @Transactional} proxy is {@link #service}. */
	private Orders orders;

	private Orders service;

	OutboxJpaIntegrationTests(RedisServer redis, TestDatabase database) {
		this.redis = redis;
		this.database = database;
	}

	@BeforeEach
	void setUp() {
		this.outbox = new OutboxFixture(this.redis, this.database.create());
		this.context = new AnnotationConfigApplicationContext();
		this.context.registerBean(DataSource.class, () -> this.outbox.dataSource);
		this.orders = new Orders(this.outbox);
		this.context.registerBean(Orders.class, () -> this.orders);
		this.context.register(JpaConfiguration.class);
		this.context.refresh();
		this.service = this.context.getBean(Orders.class);
	}

	@AfterEach
	void tearDown() {
		this.context.close();
		this.outbox.close();
		this.database.drop(this.outbox.dataSource);
	}

	@Test
	void anEntityAndATaskCommitTogetherAndTheTaskIsEnqueuedOnceAndItsRowGoes() {
		TaskReceipt receipt = this.service.place(1L);
		assertThat(receipt.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
		assertThat(orderCount()).isEqualTo(1);
		assertThat(this.outbox.state(receipt.taskId())).contains(TaskState.PENDING);
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> this.outbox.committedRows() == 0);
		List<Delivery> deliveries = this.outbox.broker.dequeue(OutboxIntegrationTests.QUEUE, 10,
				Duration.ofSeconds(30));
		assertThat(deliveries).extracting(Delivery::id).containsExactly(receipt.taskId());
	}

	@Test
	void theRowIsWrittenThroughHibernatesConnectionInItsTransaction() {
		this.service.place(2L);
		assertThat(this.orders.seenBySession).as("the row, seen by the Hibernate session's connection before commit")
			.containsExactly(1);
		assertThat(this.orders.seenOutside).as("the same row, seen by another connection before commit")
			.containsExactly(0);
	}

	@Test
	void aRollbackLeavesNoEntityNoRowAndNoTask() {
		assertThatIllegalStateException().isThrownBy(() -> this.service.placeThenFail(3L));
		assertThat(orderCount()).isZero();
		assertThat(this.outbox.committedRows()).isZero();
		assertThat(this.outbox.state(this.orders.submitted.get(0))).isEmpty();
	}

	@Test
	void aFailureOfHibernatesFlushAtTheCommitRollsTheRowBackWithTheEntity() {
		new JdbcTemplate(this.outbox.dataSource).update("insert into orders(id) values (?)", 4L);
		assertThatExceptionOfType(DataIntegrityViolationException.class).isThrownBy(() -> this.service.place(4L));
		assertThat(this.orders.seenBySession).as("the row was written before the flush failed").containsExactly(1);
		assertThat(orderCount()).as("only the order inserted before").isEqualTo(1);
		assertThat(this.outbox.committedRows()).isZero();
		assertThat(this.outbox.state(this.orders.submitted.get(0))).isEmpty();
	}

	private int orderCount() {
		return new JdbcTemplate(this.outbox.dataSource).queryForObject("select count(*) from orders", Integer.class);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	static class JpaConfiguration {

		@Bean
		LocalContainerEntityManagerFactoryBean entityManagerFactory(DataSource dataSource) {
			LocalContainerEntityManagerFactoryBean factory = new LocalContainerEntityManagerFactoryBean();
			factory.setDataSource(dataSource);
			factory.setJpaVendorAdapter(new HibernateJpaVendorAdapter());
			factory.setManagedTypes(PersistenceManagedTypes.of(Order.class.getName()));
			return factory;
		}

		@Bean
		JpaTransactionManager transactionManager(EntityManagerFactory entityManagerFactory) {
			return new JpaTransactionManager(entityManagerFactory);
		}

	}

	/**
	 * An order, its id assigned, so Hibernate inserts it only when it flushes at the
	 * commit.
	 */
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

	/** The application's service: saves an order and calls a task in one transaction. */
	public static class Orders {

		private final TaskSubmitter submitter;

		private final OutboxFixture outbox;

		private final TaskDefinition ship = OutboxIntegrationTests.definition();

		@PersistenceContext
		private EntityManager entityManager;

		final List<String> submitted = new ArrayList<>();

		final List<Integer> seenBySession = new ArrayList<>();

		final List<Integer> seenOutside = new ArrayList<>();

		Orders(OutboxFixture outbox) {
			this.submitter = outbox.submitter;
			this.outbox = outbox;
		}

		@Transactional
		public TaskReceipt place(long id) {
			this.entityManager.persist(new Order(id));
			TaskReceipt receipt = this.submitter.submit(this.ship, new Object[] { id }, TaskOptions.defaults());
			this.submitted.add(receipt.taskId());
			TransactionSynchronizationManager.registerSynchronization(new WatchRows());
			return receipt;
		}

		@Transactional
		public void placeThenFail(long id) {
			place(id);
			throw new IllegalStateException("the order cannot be placed");
		}

		/**
		 * Counts the outbox rows just before the commit, after the outbox wrote them:
		 * through the Hibernate session's connection and through one of its own.
		 */
		private final class WatchRows implements TransactionSynchronization {

			@Override
			public void beforeCommit(boolean readOnly) {
				Session session = Orders.this.entityManager.unwrap(Session.class);
				Orders.this.seenBySession.add(session.doReturningWork(Orders.this.outbox::rows));
				Orders.this.seenOutside.add(Orders.this.outbox.committedRows());
			}

		}

	}

}
