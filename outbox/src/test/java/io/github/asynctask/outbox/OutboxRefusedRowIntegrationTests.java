package io.github.asynctask.outbox;

import java.time.Clock;
import java.time.Duration;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A readable row that Redis refuses (here: its bizId's dedup key holds a hash) on H2
 * (PostgreSQL in a subclass): the rows behind it reach Redis in the same round, and after
 * {@value OutboxDelivery.MAX_REFUSALS} refused rounds the row goes to the queue's dead
 * set with the reason.
 */
@ExtendWith({ RedisExtension.class, TestDatabases.class, OutputCaptureExtension.class })
class OutboxRefusedRowIntegrationTests {

	private static final String QUEUE = OutboxIntegrationTests.QUEUE;

	private final RedisServer redis;

	private final TestDatabase database;

	private final OutboxRowFormat format = new OutboxRowFormat();

	private OutboxFixture outbox;

	OutboxRefusedRowIntegrationTests(RedisServer redis, TestDatabase database) {
		this.redis = redis;
		this.database = database;
	}

	@BeforeEach
	void setUp() {
		this.outbox = new OutboxFixture(this.redis, this.database.create());
		// the first connection can take seconds on a loaded machine: not what is tested
		await().atMost(Duration.ofMinutes(1)).ignoreExceptions().until(() -> this.outbox.broker.stats(QUEUE) != null);
	}

	@AfterEach
	void tearDown() {
		this.outbox.close();
		this.database.drop(this.outbox.dataSource);
	}

	@Test
	void aRowRedisRefusesNeverHoldsUpTheRowsBehindItAndGoesDeadAfterBoundedRounds(CapturedOutput output) {
		EnqueueRequest refused = request("01REFUSED").withBizId("order-1", Duration.ofHours(1));
		insert(refused, 1);
		insert(request("01LATER1"), 2);
		insert(request("01LATER2"), 3);
		this.redis.cli("HSET", OutboxIntegrationTests.KEYS.unique(QUEUE, "ship", "order-1"), "not", "an id");
		OutboxRelay relay = new OutboxRelay(this.outbox.dataSource, this.outbox.table, this.outbox.broker,
				new OutboxRelay.Settings(Duration.ZERO, Duration.ofSeconds(1), 100), Clock.systemUTC());

		assertThat(relay.relayOnce()).as("rows moved in the first round").isEqualTo(2);
		assertThat(state("01LATER1")).isEqualTo(TaskState.PENDING);
		assertThat(state("01LATER2")).isEqualTo(TaskState.PENDING);
		assertThat(jdbc().queryForList("select id from " + this.outbox.table.name(), String.class))
			.containsExactly("01REFUSED");
		assertThat(jdbc().queryForObject("select attempts from " + this.outbox.table.name(), Integer.class))
			.isEqualTo(1);
		assertThat(jdbc().queryForObject("select last_error from " + this.outbox.table.name(), String.class))
			.contains("dedup key");
		assertThat(output).contains("WARN").contains("01REFUSED");

		insert(request("01LATER3"), 4);
		for (int round = 2; round < OutboxDelivery.MAX_REFUSALS; round++) {
			relay.relayOnce();
		}
		assertThat(state("01LATER3")).isEqualTo(TaskState.PENDING);
		assertThat(rows()).as("still retried before its last round").isEqualTo(1);
		assertThat(relay.buried()).isZero();

		assertThat(relay.relayOnce()).as("the last round buries it").isEqualTo(1);
		assertThat(rows()).isZero();
		assertThat(relay.buried()).isEqualTo(1);
		assertThat(relay.errors()).as("no round failed as a whole").isZero();
		TaskInfo dead = this.outbox.broker.find(QUEUE, "01REFUSED").orElseThrow();
		assertThat(dead.state()).isEqualTo(TaskState.DEAD);
		assertThat(dead.lastError())
			.startsWith("outbox row refused by Redis after " + OutboxDelivery.MAX_REFUSALS + " relay attempts: ")
			.contains("dedup key");
		assertThat(dead.payload()).isEqualTo(this.format.write(refused));
		assertThat(output).contains("ERROR");
	}

	private EnqueueRequest request(String id) {
		return EnqueueRequest.now(QUEUE, id, "ship", "[7]", 3);
	}

	private void insert(EnqueueRequest request, long createdAt) {
		jdbc().update(
				"insert into " + this.outbox.table.name()
						+ " (id, queue, payload, created_at, attempts) values (?, ?, ?, ?, 0)",
				request.id(), QUEUE, this.format.write(request), createdAt);
	}

	private TaskState state(String id) {
		return this.outbox.broker.find(QUEUE, id).map(TaskInfo::state).orElse(null);
	}

	private int rows() {
		return jdbc().queryForObject("select count(*) from " + this.outbox.table.name(), Integer.class);
	}

	private JdbcTemplate jdbc() {
		return new JdbcTemplate(this.outbox.dataSource);
	}

}
