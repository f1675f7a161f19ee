package io.github.asynctask.benchmarks;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.asynctask.outbox.OutboxRelay;
import io.github.asynctask.outbox.OutboxTable;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.submit.SubmitOutbox;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code outbox}: crash-safe submits on vs off, the rows {@value #OFF} and {@value #ON}
 * (opt-in systems; the same application, the same pooled database, only
 * {@code async-task.outbox.enabled} differs). {@code outbox.tx1} and {@code outbox.tx10}:
 * transactions that insert one business row and call 1 or 10 tasks, from one thread
 * ({@code transactionsPerSec}); {@code outbox.drain} (outbox on only): n rows waiting in
 * the table as an outage leaves them, then relayed to Redis by one relay
 * ({@code tasksPerSec}). The database is H2 in memory, or the one {@code -Dbench.jdbcUrl}
 * names (user {@code -Dbench.jdbcUser}, default postgres).
 */
final class OutboxScenario implements Scenario {

	static final String OFF = "async-task-tx";

	static final String ON = "async-task-outbox";

	/** Property of the benchmark application: a pooled DataSource, not one connection. */
	static final String POOLED = "bench.pooled-datasource";

	static final int DRAIN_BATCH = 500;

	static AsyncTaskSystem outboxOff() {
		return new AsyncTaskSystem(OFF, false, Map.of(POOLED, "true"));
	}

	static AsyncTaskSystem outboxOn() {
		// the background relay stays out of the way: the drain variant runs its own; the
		// completed-ids window must cover the relay's delay (start-up refuses it
		// otherwise)
		return new AsyncTaskSystem(ON, false,
				Map.of(POOLED, "true", "async-task.outbox.enabled", "true", "async-task.outbox.initialize-schema",
						"always", "async-task.outbox.relay-after", "1h", "async-task.retention.completed-ids", "2h"));
	}

	/** The pool both rows use (a fresh H2 database, or the named one). */
	static DataSource pool() {
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(System.getProperty("bench.jdbcUrl",
				"jdbc:h2:mem:bench-outbox-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1"));
		pool.setUsername(
				System.getProperty("bench.jdbcUser", pool.getJdbcUrl().startsWith("jdbc:h2") ? "sa" : "postgres"));
		pool.setMaximumPoolSize(8);
		return pool;
	}

	/** A contender whose producer application can be reached. */
	interface Application extends Contender {

		ConfigurableApplicationContext producer();

	}

	@Override
	public String name() {
		return "outbox";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		if (!system.name().equals(OFF) && !system.name().equals(ON)) {
			return;
		}
		int n = runner.options().n();
		transactions(system, runner, "outbox.tx1", n / 4, 1);
		transactions(system, runner, "outbox.tx10", n, 10);
		if (system.name().equals(ON) && runner.options().wantsScenario("outbox.drain")) {
			Map<String, Object> params = new LinkedHashMap<>();
			params.put("n", n);
			params.put("batch", DRAIN_BATCH);
			params.put("database", database());
			runner.measure(system, "outbox.drain", params,
					(contender, warmup) -> Map.of("tasksPerSec", drain((Application) contender, n)));
		}
	}

	private void transactions(SystemUnderTest system, Runner runner, String scenario, int n, int perTransaction) {
		if (!runner.options().wantsScenario(scenario)) {
			return;
		}
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("n", n);
		params.put("tasksPerTransaction", perTransaction);
		params.put("threads", 1);
		params.put("database", database());
		runner.measure(system, scenario, params, (contender, warmup) -> {
			ConfigurableApplicationContext context = ((Application) contender).producer();
			TransactionTemplate transactions = context.getBean(TransactionTemplate.class);
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			NoopTasks tasks = context.getBean(NoopTasks.class);
			jdbc.execute("create table if not exists bench_orders (id varchar(64) primary key, note varchar(200))");
			long[] times = new long[(n + perTransaction - 1) / perTransaction];
			long start = System.nanoTime();
			for (int i = 0; i < n; i += perTransaction) {
				long before = System.nanoTime();
				// the business write every such transaction has, then its task calls
				transactions.executeWithoutResult((status) -> {
					jdbc.update("insert into bench_orders (id, note) values (?, ?)", UUID.randomUUID().toString(),
							"order");
					for (int t = 0; t < perTransaction; t++) {
						tasks.noop(TaskArg.of(System.nanoTime()));
					}
				});
				// commit and the after-commit submit included
				times[i / perTransaction] = System.nanoTime() - before;
			}
			long nanos = System.nanoTime() - start;
			Map<String, Double> figures = new LinkedHashMap<>();
			figures.put("transactionsPerSec", Producers.perSecond(n / perTransaction, nanos));
			figures.put("submitsPerSec", Producers.perSecond(n, nanos));
			figures.putAll(SubmitTimes.percentiles("transaction", times));
			return figures;
		});
	}

	/** Fill the table with n rows (untimed), then time one relay moving them to Redis. */
	private static double drain(Application application, int n) {
		ConfigurableApplicationContext context = application.producer();
		DataSource dataSource = context.getBean(DataSource.class);
		SubmitOutbox outbox = context.getBean(SubmitOutbox.class);
		TransactionTemplate transactions = context.getBean(TransactionTemplate.class);
		OutboxTable table = context.getBean(OutboxTable.class);
		// a shared database (PostgreSQL) may hold rows of an earlier run
		new JdbcTemplate(dataSource).update("delete from " + table.name());
		for (int from = 0; from < n; from += DRAIN_BATCH) {
			int count = Math.min(DRAIN_BATCH, n - from);
			List<EnqueueRequest> rows = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				rows.add(EnqueueRequest.now(Contender.QUEUE, UUID.randomUUID().toString(), "bench.noop",
						"{\"a\":[\"" + TaskArg.of(System.nanoTime()) + "\"]}", 0));
			}
			transactions.executeWithoutResult((status) -> outbox.write(rows));
		}
		OutboxRelay relay = new OutboxRelay(dataSource, table, context.getBean(RedisBroker.class),
				new OutboxRelay.Settings(Duration.ZERO, Duration.ofSeconds(1), DRAIN_BATCH), Clock.systemUTC());
		long start = System.nanoTime();
		long moved = 0;
		int round;
		do {
			round = relay.relayOnce();
			moved += round;
		}
		while (round > 0);
		long nanos = System.nanoTime() - start;
		Integer left = new JdbcTemplate(dataSource).queryForObject("select count(*) from " + table.name(),
				Integer.class);
		if (moved != n || left == null || left != 0) {
			throw new IllegalStateException("relay moved " + moved + " of " + n + " rows, " + left + " left");
		}
		return Producers.perSecond(n, nanos);
	}

	private static String database() {
		String url = System.getProperty("bench.jdbcUrl", "jdbc:h2:mem");
		return url.startsWith("jdbc:h2") ? "H2 in memory" : url.replaceAll("\\?.*", "");
	}

}
