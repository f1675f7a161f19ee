package io.github.asynctask.outbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.TaskState;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.awaitility.Awaitility;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.jooq.impl.DataSourceConnectionProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outbox under jOOQ on Spring's transactions (a {@link DataSourceConnectionProvider}
 * over a {@link TransactionAwareDataSourceProxy}, as Spring Boot's jOOQ
 * auto-configuration builds it) with a {@link DataSourceTransactionManager}, on H2: the
 * order jOOQ inserts and the task's row share jOOQ's connection and its transaction.
 */
@ExtendWith(RedisExtension.class)
class OutboxJooqIntegrationTests {

	private final RedisServer redis;

	private final TaskDefinition ship = OutboxIntegrationTests.definition();

	private OutboxFixture outbox;

	private DSLContext jooq;

	private TransactionTemplate transaction;

	OutboxJooqIntegrationTests(RedisServer redis) {
		this.redis = redis;
	}

	@BeforeEach
	void setUp() {
		DataSource dataSource = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
			.generateUniqueName(true)
			.build();
		new JdbcTemplate(dataSource).execute("create table orders (id bigint primary key)");
		this.outbox = new OutboxFixture(this.redis, dataSource);
		this.jooq = DSL.using(new DataSourceConnectionProvider(new TransactionAwareDataSourceProxy(dataSource)),
				SQLDialect.H2);
		this.transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
	}

	@AfterEach
	void tearDown() {
		this.outbox.close();
		new JdbcTemplate(this.outbox.dataSource).execute("shutdown");
	}

	@Test
	void anOrderAndATaskCommitTogetherThroughJooqsConnection() {
		List<Integer> seenByJooq = new ArrayList<>();
		List<Integer> seenOutside = new ArrayList<>();
		TaskReceipt receipt = this.transaction.execute((status) -> {
			TaskReceipt deferred = place(1L);
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void beforeCommit(boolean readOnly) {
					seenByJooq.add(OutboxJooqIntegrationTests.this.jooq
						.fetchCount(DSL.table(OutboxJooqIntegrationTests.this.outbox.table.name())));
					seenOutside.add(OutboxJooqIntegrationTests.this.outbox.committedRows());
				}
			});
			return deferred;
		});
		assertThat(seenByJooq).as("the row, seen by jOOQ's connection before commit").containsExactly(1);
		assertThat(seenOutside).as("the same row, seen by another connection before commit").containsExactly(0);
		assertThat(orderCount()).isEqualTo(1);
		assertThat(this.outbox.state(receipt.taskId())).contains(TaskState.PENDING);
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> this.outbox.committedRows() == 0);
	}

	@Test
	void aRollbackLeavesNoOrderNoRowAndNoTask() {
		String id = this.transaction.execute((status) -> {
			String taskId = place(2L).taskId();
			status.setRollbackOnly();
			return taskId;
		});
		assertThat(orderCount()).isZero();
		assertThat(this.outbox.committedRows()).isZero();
		assertThat(this.outbox.state(id)).isEmpty();
	}

	private TaskReceipt place(long order) {
		this.jooq.insertInto(DSL.table("orders"), DSL.field("id")).values(order).execute();
		return this.outbox.submitter.submit(this.ship, new Object[] { order }, TaskOptions.defaults());
	}

	private int orderCount() {
		return this.jooq.fetchCount(DSL.table("orders"));
	}

}
