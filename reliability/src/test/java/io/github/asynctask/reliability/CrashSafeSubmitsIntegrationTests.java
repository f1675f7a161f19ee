package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.test.JdbcServers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 13, crash-safe submits (the outbox on PostgreSQL at
 * {@code ASYNCTASK_TEST_POSTGRES_URL}, default
 * {@code jdbc:postgresql://127.0.0.1:5432/test}; skipped without one). (a) An application
 * JVM halted right after its commit, before the Redis write: the next instance's relay
 * enqueues the tasks; a relay JVM halted after its Redis write, before its delete: the
 * rows are relayed again; each task runs once. (b) Redis down 15 s while 1,000
 * transactions commit, three instances relaying (the producer and two worker JVMs): all
 * run once after Redis returns.
 */
class CrashSafeSubmitsIntegrationTests {

	static final String URL = JdbcServers.POSTGRES_URL;

	static final String TABLE = "async_task_outbox";

	static final int TRANSACTIONS = 1000;

	static final int THREADS = 8;

	static final Duration OUTAGE = Duration.ofSeconds(15);

	@BeforeAll
	static void requirePostgres() {
		JdbcServers.assumeReachable(URL, "postgres");
	}

	@Test
	@Timeout(240)
	void aJvmHaltedAfterItsCommitAndARelayHaltedBeforeItsDeleteStillRunEachTaskOnce() {
		String url = schema();
		List<WorkerJvm> others = new ArrayList<>();
		try (Rig rig = new Rig()) {
			rig.startWorkers(1);
			WorkerJvm committer = WorkerJvm.start("committer", rig.dir,
					outboxApplication(rig, url).with("transactions", "1")
						.with("tasks", "10")
						.jvm("-Dasynctask.outbox.test.halt-after-commit=true"));
			others.add(committer);
			assertThat(committer.awaitExit(Duration.ofSeconds(60))).as("halted after its commit").isTrue();
			Set<String> ids = new TreeSet<>();
			LedgerChecker.records(committer, "SUBMIT").forEach((submit) -> ids.add(submit[2]));
			assertThat(ids).hasSize(10);
			assertThat(rows(url)).as("the committed rows").isEqualTo(10);
			assertThat(ids).allSatisfy((id) -> assertThat(rig.broker.find(ReliabilityTasks.QUEUE, id)).isEmpty());

			// its first relay round (which halts it) waits one interval after start: 5 s,
			// so
			// that the JVM reports ready first even on a loaded machine
			WorkerJvm crashingRelay = WorkerJvm.start("crashing-relay", rig.dir,
					outboxApplication(rig, url).with("relayAfter", "0")
						.with("relayInterval", "5000")
						.jvm("-Dasynctask.outbox.test.halt-after-relay-write=true"));
			others.add(crashingRelay);
			assertThat(crashingRelay.awaitExit(Duration.ofSeconds(60))).as("halted after its Redis write").isTrue();
			assertThat(rows(url)).as("rows outlive the relay's crash").isEqualTo(10);
			rig.awaitDrained(Duration.ofSeconds(60));

			long relayStarted = System.currentTimeMillis();
			others.add(WorkerJvm.start("relay", rig.dir, outboxApplication(rig, url).with("relayAfter", "0")));
			await().atMost(Duration.ofSeconds(60)).until(() -> rows(url) == 0);
			long relayedAfter = System.currentTimeMillis() - relayStarted;
			rig.awaitDrained(Duration.ofSeconds(60));
			Map<String, LedgerChecker.Expect> expected = new LinkedHashMap<>();
			ids.forEach((id) -> expected.put(id, LedgerChecker.Expect.SUCCESS));
			LedgerChecker.Verdict verdict = LedgerChecker.check(rig.workers, expected, rig.faults);
			rig.report("13a-outbox-crash-points", verdict, Map.of("tasks", ids.size(), "secondRelayEmptiedTableMs",
					relayedAfter, "redisProblems", rig.invariants.problems().size()));
			assertThat(verdict.tasks()).isEqualTo(10);
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.duplicated()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(rig.invariants.problems()).isEmpty();
		}
		finally {
			others.forEach(WorkerJvm::close);
			dropSchema(url);
		}
	}

	@Test
	@Timeout(300)
	void redisDownFifteenSecondsWhileAThousandTransactionsCommitThenThreeRelaysRunEachOnce() throws Exception {
		String url = schema();
		try (Rig rig = new Rig(Map.of(OutboxDatabase.URL, url, "redisTimeout", "250"))) {
			rig.startWorkers(2, (options) -> options.with(OutboxDatabase.URL, url));
			TransactionTemplate transactions = rig.producer.context.getBean(TransactionTemplate.class);
			JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(url, "postgres", ""));
			jdbc.execute("create table orders (n int primary key, task_id varchar(64) not null)");
			// a running application has its connection open
			rig.stats();
			long outageStart = System.nanoTime();
			rig.redis.kill();
			Set<String> committed = ConcurrentHashMap.newKeySet();
			List<Thread> threads = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				int first = t;
				Thread thread = new Thread(() -> {
					for (int n = first; n < TRANSACTIONS; n += THREADS) {
						int order = n;
						String id = transactions.execute((status) -> {
							TaskReceipt receipt = rig.producer.template.submit(TaskOptions.defaults(),
									() -> rig.producer.tasks.work("order-" + order, 5));
							jdbc.update("insert into orders (n, task_id) values (?, ?)", order, receipt.taskId());
							return receipt.taskId();
						});
						committed.add(id);
					}
				}, "committer-" + t);
				threads.add(thread);
				thread.start();
			}
			for (Thread thread : threads) {
				thread.join();
			}
			long committedMillis = (System.nanoTime() - outageStart) / 1_000_000;
			int waiting = rows(url);
			sleep(Duration.ofNanos(Math.max(0, outageStart + OUTAGE.toNanos() - System.nanoTime())));
			rig.redis.start();
			long back = System.nanoTime();
			await().atMost(Duration.ofSeconds(120)).until(() -> rows(url) == 0);
			long drainedMillis = (System.nanoTime() - back) / 1_000_000;
			rig.awaitDrained(Duration.ofSeconds(120));
			Map<String, LedgerChecker.Expect> expected = new LinkedHashMap<>();
			committed.forEach((id) -> expected.put(id, LedgerChecker.Expect.SUCCESS));
			LedgerChecker.Verdict verdict = LedgerChecker.check(rig.workers, expected, rig.faults);
			Map<String, Object> figures = new LinkedHashMap<>();
			figures.put("outageMs", OUTAGE.toMillis());
			figures.put("transactions", TRANSACTIONS);
			figures.put("committedWithinMs", committedMillis);
			figures.put("rowsWaitingAtEndOfCommits", waiting);
			figures.put("tableEmptiedAfterRedisBackMs", drainedMillis);
			figures.put("relayingInstances", 3);
			figures.put("redisProblems", rig.invariants.problems().size());
			rig.report("13b-outbox-redis-down-15s", verdict, figures);
			assertThat(committed).hasSize(TRANSACTIONS);
			assertThat(jdbc.queryForList("select task_id from orders", String.class)).hasSize(TRANSACTIONS);
			assertThat(verdict.tasks()).isEqualTo(TRANSACTIONS);
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.duplicated()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(rig.invariants.problems()).isEmpty();
		}
		finally {
			dropSchema(url);
		}
	}

	/** An application JVM with the outbox on this database (no worker). */
	private static WorkerJvm.Options outboxApplication(Rig rig, String url) {
		return rig.options().main(OutboxCommitterMain.class).with(OutboxDatabase.URL, url);
	}

	private static int rows(String url) {
		return new JdbcTemplate(new DriverManagerDataSource(url, "postgres", ""))
			.queryForObject("select count(*) from " + TABLE, Integer.class);
	}

	/** A fresh schema; the URL of a connection that works in it. */
	private static String schema() {
		String schema = "rel_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
		admin().execute("create schema " + schema);
		return URL + "?currentSchema=" + schema;
	}

	private static void dropSchema(String url) {
		admin().execute("drop schema if exists " + url.substring(url.indexOf("currentSchema=") + 14) + " cascade");
	}

	private static JdbcTemplate admin() {
		return new JdbcTemplate(new DriverManagerDataSource(URL, "postgres", ""));
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
