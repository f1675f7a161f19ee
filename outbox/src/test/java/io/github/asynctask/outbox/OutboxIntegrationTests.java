package io.github.asynctask.outbox;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.TaskState;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.event.CompositeTaskListener;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.submit.SubmitObserver;
import io.github.asynctask.submit.TaskSubmitter;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The outbox on H2 (PostgreSQL and MariaDB in subclasses) against a real Redis: a
 * transaction's submits are rows of that transaction, sent after the commit and deleted;
 * rollbacks leave nothing; the relay moves what an outage left, exactly once across two
 * relays, and a relay that crashes between its Redis write and its delete sends again
 * harmlessly, even after the task completed.
 */
@ExtendWith({ RedisExtension.class, TestDatabases.class })
class OutboxIntegrationTests {

	static final RedisKeys KEYS = new RedisKeys("outboxtest");

	static final String QUEUE = "orders";

	private final RedisServer redis;

	private final TestDatabase database;

	private LettuceConnectionFactory connectionFactory;

	private LuaRedisBroker broker;

	private DataSource dataSource;

	private OutboxTable table;

	private OutboxCleaner cleaner;

	private TaskSubmitter submitter;

	private ResendBuffer resendBuffer;

	private DataSourceTransactionManager transactions;

	private final TaskDefinition ship = definition();

	OutboxIntegrationTests(RedisServer redis, TestDatabase database) {
		this.redis = redis;
		this.database = database;
	}

	/** The outbox table of one test; unique, so parallel test JVMs never share one. */
	String tableName() {
		return "outbox_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
	}

	@BeforeEach
	void setUp() {
		this.redis.flushAll();
		this.connectionFactory = connect(this.redis.port());
		this.broker = new LuaRedisBroker(this.connectionFactory, KEYS);
		this.dataSource = this.database.create();
		this.table = new OutboxTable(tableName());
		new OutboxSchema(this.dataSource, this.table).initialize(InitializeSchema.ALWAYS);
		this.cleaner = new OutboxCleaner(this.dataSource, this.table);
		this.resendBuffer = new ResendBuffer(this.broker, 1000, new CompositeTaskListener(List.of()));
		this.submitter = submitter(this.broker);
		this.transactions = new DataSourceTransactionManager(this.dataSource);
	}

	@AfterEach
	void tearDown() {
		this.cleaner.close();
		this.resendBuffer.close();
		this.connectionFactory.destroy();
		this.database.drop(this.dataSource);
	}

	@Test
	void aCommittedSubmitIsARowOfTheTransactionThenATaskInRedisAndTheRowGoes() {
		TaskReceipt receipt = transaction(TransactionDefinition.PROPAGATION_REQUIRED).execute((status) -> {
			jdbc().update("insert into orders(id) values (?)", 1L);
			TaskReceipt deferred = submit(1L);
			assertThat(rows()).as("rows are written in one batch as the transaction commits").isZero();
			assertThat(this.broker.find(QUEUE, deferred.taskId())).as("nothing in Redis before the commit").isEmpty();
			return deferred;
		});
		assertThat(receipt.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
		assertThat(state(receipt.taskId())).contains(TaskState.PENDING);
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> rows() == 0);
	}

	@Test
	void aRolledBackTransactionLeavesNoRowAndNoTask() {
		String[] id = new String[1];
		transaction(TransactionDefinition.PROPAGATION_REQUIRED).executeWithoutResult((status) -> {
			id[0] = submit(2L).taskId();
			status.setRollbackOnly();
		});
		assertThat(rows()).isZero();
		assertThat(this.broker.find(QUEUE, id[0])).isEmpty();
		assertThat(relay(Duration.ZERO).relayOnce()).isZero();
	}

	@Test
	void aRequiresNewInnerTransactionRolledBackInsideACommittedOuterOneKeepsOnlyTheOuterTasks() {
		List<String> inner = new ArrayList<>();
		String outer = transaction(TransactionDefinition.PROPAGATION_REQUIRED).execute((status) -> {
			String id = submit(3L).taskId();
			transaction(TransactionDefinition.PROPAGATION_REQUIRES_NEW).executeWithoutResult((innerStatus) -> {
				inner.add(submit(4L).taskId());
				innerStatus.setRollbackOnly();
			});
			return id;
		});
		assertThat(state(outer)).contains(TaskState.PENDING);
		assertThat(this.broker.find(QUEUE, inner.get(0))).isEmpty();
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> rows() == 0);
		assertThat(relay(Duration.ZERO).relayOnce()).isZero();
	}

	@Test
	void aSavepointRolledBackDropsItsRowsAndTheCommittedRestStaysForTheRelay() {
		LettuceConnectionFactory nowhere = connect(deadPort());
		try {
			TaskSubmitter offline = submitter(new LuaRedisBroker(nowhere, KEYS));
			String outer = transaction(TransactionDefinition.PROPAGATION_REQUIRED).execute((status) -> {
				String id = offline.submit(this.ship, new Object[] { 12L }, TaskOptions.defaults()).taskId();
				transaction(TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult((nested) -> {
					offline.submit(this.ship, new Object[] { 13L }, TaskOptions.defaults());
					nested.setRollbackOnly();
				});
				return id;
			});
			assertThat(jdbc().queryForList("select id from " + this.table.name(), String.class))
				.as("Redis was unreachable: the outer task's row, not the savepoint's")
				.containsExactly(outer);
		}
		finally {
			nowhere.destroy();
		}
	}

	@Test
	void outsideATransactionASubmitGoesStraightToRedisWithoutARow() {
		TaskReceipt receipt = submit(5L);
		assertThat(receipt.status()).isEqualTo(TaskReceipt.Status.ENQUEUED);
		assertThat(rows()).isZero();
	}

	@Test
	void tasksCommittedWhileRedisIsUnreachableAreRelayedOnceByTwoRelays() throws Exception {
		LettuceConnectionFactory nowhere = connect(deadPort());
		try {
			TaskSubmitter offline = submitter(new LuaRedisBroker(nowhere, KEYS));
			List<String> ids = new ArrayList<>();
			for (int i = 0; i < 300; i++) {
				long order = 100 + i;
				ids.add(transaction(TransactionDefinition.PROPAGATION_REQUIRED).execute((status) -> {
					jdbc().update("insert into orders(id) values (?)", order);
					return offline.submit(this.ship, new Object[] { order }, TaskOptions.defaults()).taskId();
				}));
			}
			assertThat(rows()).isEqualTo(300);
			OutboxRelay first = relay(Duration.ZERO, 20);
			OutboxRelay second = relay(Duration.ZERO, 20);
			CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> drain(first));
			CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> drain(second));
			assertThat(a.get() + b.get()).as("rows relayed, none twice").isEqualTo(300);
			assertThat(rows()).isZero();
			assertThat(this.broker.stats(QUEUE).pending()).isEqualTo(300);
			for (String id : ids) {
				assertThat(state(id)).contains(TaskState.PENDING);
			}
		}
		finally {
			nowhere.destroy();
		}
	}

	@Test
	void aRelayThatCrashesAfterItsRedisWriteSendsAgainAndTheTaskStaysDoneOnce() {
		String id = commitWhileRedisIsUnreachable(7L);
		OutboxRelay crashing = new OutboxRelay(this.dataSource, this.table, failingAfterWrite(this.broker),
				new OutboxRelay.Settings(Duration.ZERO, Duration.ofSeconds(1), 100), Clock.systemUTC());
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(crashing::relayOnce);
		assertThat(rows()).as("the row outlived the crash").isEqualTo(1);
		assertThat(state(id)).contains(TaskState.PENDING);
		List<Delivery> deliveries = this.broker.dequeue(QUEUE, 10, Duration.ofSeconds(30));
		assertThat(deliveries).extracting(Delivery::id).containsExactly(id);
		this.broker.complete(deliveries.get(0), Duration.ZERO);
		assertThat(relay(Duration.ZERO).relayOnce()).isEqualTo(1);
		assertThat(rows()).isZero();
		assertThat(this.broker.find(QUEUE, id)).as("the completed task was not created again").isEmpty();
		assertThat(this.broker.stats(QUEUE).pending()).isZero();
	}

	@Test
	void anUnreadableRowGoesToTheDeadSetWithItsReasonAndTheRowsBehindItAreRelayed() {
		String good = commitWhileRedisIsUnreachable(8L);
		jdbc().update("insert into " + this.table.name()
				+ " (id, queue, payload, created_at, attempts) values ('01BADROW', 'orders', '{\"v\":1,\"na', 0, 0)");
		assertThat(relay(Duration.ZERO).relayOnce()).isEqualTo(2);
		assertThat(rows()).isZero();
		TaskInfo dead = this.broker.find(QUEUE, "01BADROW").orElseThrow();
		assertThat(dead.state()).isEqualTo(TaskState.DEAD);
		assertThat(dead.lastError()).startsWith("unreadable outbox row: outbox row is not JSON");
		assertThat(dead.payload()).isEqualTo("{\"v\":1,\"na");
		assertThat(state(good)).contains(TaskState.PENDING);
	}

	@Test
	void rowsRedisDidNotTakeKeepTheirAttemptsAndError() {
		commitWhileRedisIsUnreachable(9L);
		LettuceConnectionFactory nowhere = connect(deadPort());
		try {
			OutboxRelay offline = new OutboxRelay(this.dataSource, this.table, new LuaRedisBroker(nowhere, KEYS),
					new OutboxRelay.Settings(Duration.ZERO, Duration.ofSeconds(1), 100), Clock.systemUTC());
			assertThatExceptionOfType(RuntimeException.class).isThrownBy(offline::relayOnce);
		}
		finally {
			nowhere.destroy();
		}
		assertThat(jdbc().queryForObject("select attempts from " + this.table.name(), Integer.class)).isEqualTo(1);
		assertThat(jdbc().queryForObject("select last_error from " + this.table.name(), String.class))
			.contains("Redis");
		OutboxBacklog backlog = new OutboxBacklog(this.dataSource, this.table, Clock.systemUTC(), Duration.ZERO);
		assertThat(backlog.current().rows()).isEqualTo(1);
	}

	@Test
	void theRelayLeavesYoungRowsToTheAfterCommitPath() {
		commitWhileRedisIsUnreachable(10L);
		assertThat(relay(Duration.ofMinutes(1)).relayOnce()).isZero();
		assertThat(rows()).isEqualTo(1);
	}

	@Test
	void aMissingTableWithInitializeSchemaNeverRefusesStartUpNamingTheTableAndTheDdlFile() {
		assertThatIllegalStateException()
			.isThrownBy(() -> new OutboxSchema(this.dataSource, new OutboxTable("no_such_outbox"))
				.initialize(InitializeSchema.NEVER))
			.withMessageContaining("'no_such_outbox'")
			.withMessageContaining("classpath:io/github/asynctask/outbox/schema-");
	}

	@Test
	void aSubmitInAReadOnlyTransactionIsRefusedWithAClearError() {
		TransactionTemplate readOnly = transaction(TransactionDefinition.PROPAGATION_REQUIRED);
		readOnly.setReadOnly(true);
		assertThatIllegalStateException().isThrownBy(() -> readOnly.executeWithoutResult((status) -> submit(11L)))
			.withMessageContaining("read-only")
			.withMessageContaining(this.table.name());
	}

	String commitWhileRedisIsUnreachable(long order) {
		LettuceConnectionFactory nowhere = connect(deadPort());
		try {
			TaskSubmitter offline = submitter(new LuaRedisBroker(nowhere, KEYS));
			return transaction(TransactionDefinition.PROPAGATION_REQUIRED).execute(
					(status) -> offline.submit(this.ship, new Object[] { order }, TaskOptions.defaults()).taskId());
		}
		finally {
			nowhere.destroy();
		}
	}

	private static int drain(OutboxRelay relay) {
		int total = 0;
		int moved;
		do {
			moved = relay.relayOnce();
			total += moved;
		}
		while (moved > 0);
		return total;
	}

	private OutboxRelay relay(Duration relayAfter) {
		return relay(relayAfter, 100);
	}

	private OutboxRelay relay(Duration relayAfter, int batch) {
		return new OutboxRelay(this.dataSource, this.table, this.broker,
				new OutboxRelay.Settings(relayAfter, Duration.ofSeconds(1), batch), Clock.systemUTC());
	}

	private TaskSubmitter submitter(RedisBroker broker) {
		return submitter(broker, new JdbcSubmitOutbox(this.dataSource, this.table, this.cleaner, Clock.systemUTC()),
				this.resendBuffer);
	}

	/**
	 * A submitter whose submits inside a transaction of the outbox's DataSource go to it.
	 */
	static TaskSubmitter submitter(RedisBroker broker, JdbcSubmitOutbox outbox, ResendBuffer resendBuffer) {
		return new TaskSubmitter(broker, new JacksonTaskCodec(JsonMapper.builder().build(), 1 << 20),
				new BizIdEvaluator(), List.of(), new CompositeTaskListener(List.of()), resendBuffer, Clock.systemUTC(),
				SubmitObserver.NONE, null, outbox);
	}

	private TaskReceipt submit(long order) {
		return this.submitter.submit(this.ship, new Object[] { order }, TaskOptions.defaults());
	}

	private Optional<TaskState> state(String id) {
		return this.broker.find(QUEUE, id).map(TaskInfo::state);
	}

	private int rows() {
		return jdbc().queryForObject("select count(*) from " + this.table.name(), Integer.class);
	}

	private JdbcTemplate jdbc() {
		return new JdbcTemplate(this.dataSource);
	}

	private TransactionTemplate transaction(int propagation) {
		TransactionTemplate template = new TransactionTemplate(this.transactions);
		template.setPropagationBehavior(propagation);
		return template;
	}

	static LettuceConnectionFactory connect(int port) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", port),
				LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(1)).build());
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	private static int deadPort() {
		try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static TaskDefinition definition() {
		Method method;
		try {
			method = Shipping.class.getMethod("ship", long.class);
		}
		catch (NoSuchMethodException ex) {
			throw new IllegalStateException(ex);
		}
		return new TaskDefinition("ship", QUEUE, "shipping", new Shipping(), method, List.of(long.class), 3,
				Duration.ofMinutes(1), null, null, Duration.ofHours(1), List.of());
	}

	/** The task the tests submit; never run here. */
	public static class Shipping {

		public void ship(long order) {
		}

	}

	/**
	 * A broker that writes to Redis, then fails as a relay killed before its delete
	 * would.
	 */
	private static RedisBroker failingAfterWrite(RedisBroker delegate) {
		return (RedisBroker) Proxy.newProxyInstance(OutboxIntegrationTests.class.getClassLoader(),
				new Class<?>[] { RedisBroker.class }, (proxy, method, args) -> {
					Object result;
					try {
						result = method.invoke(delegate, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
					if (method.getName().equals("enqueueAll")) {
						throw new IllegalStateException("relay crashed after the Redis write");
					}
					return result;
				});
	}

}
