package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.submit.ResendBuffer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import static io.github.asynctask.reliability.WorkerCrashIntegrationTests.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 4: Redis unreachable for 10 s while 8 threads run 200 committed and 50
 * rolled-back database transactions (H2), each submitting one task. Rolled back: no task
 * ever. Committed: each reaches Redis after the outage (the re-send buffer, ids
 * idempotent) or is reported through the documented failure path (an ERROR log naming the
 * task and the buffer size metric); none is lost silently. The producer's broker bounds
 * each call at 250 ms ({@code async-task.redis-timeout}) and its re-send buffer holds
 * 150, so both paths are taken.
 */
class RedisOutageDuringCommitsIntegrationTests {

	static final int TRANSACTIONS = 250;

	static final int THREADS = 8;

	static final int RESEND_CAPACITY = 150;

	static final Duration OUTAGE = Duration.ofSeconds(10);

	private static final Pattern TASK_ID = Pattern.compile("id=([^,\\]]+)");

	/** How Redis is unreachable. */
	enum Outage {

		/** SIGSTOP: connections stay open, nothing answers (a network partition). */
		FROZEN,

		/** kill -9, port closed, restarted from its AOF (fsync always) after 10 s. */
		DOWN

	}

	@ParameterizedTest
	@EnumSource(Outage.class)
	@Timeout(180)
	void committedTasksReachRedisOrAreReportedAndRolledBackOnesNever(Outage outage) throws Exception {
		ListAppender<ILoggingEvent> errors = new ListAppender<>();
		Logger resendLogger = (Logger) LoggerFactory.getLogger(ResendBuffer.class);
		errors.start();
		resendLogger.addAppender(errors);
		DriverManagerDataSource dataSource = new DriverManagerDataSource(
				"jdbc:h2:mem:outage-" + outage + ";DB_CLOSE_DELAY=-1");
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("create table orders (n int primary key, task_id varchar(64) not null)");
		TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
		try (Rig rig = new Rig(Map.of("redisTimeout", "250", "resendCapacity", String.valueOf(RESEND_CAPACITY)),
				"--appendonly", "yes", "--appendfsync", "always")) {
			rig.startWorkers(1);
			Set<String> rolledBack = ConcurrentHashMap.newKeySet();
			AtomicLong slowestCommitMillis = new AtomicLong();
			AtomicInteger committedDuringOutage = new AtomicInteger();
			ResendSizes resendSizes = rig.producer.context.getBean(ResendSizes.class);
			// a running application has its connection open; a first connection attempted
			// during the outage waits for Lettuce's own timeout (60 s unless
			// spring.data.redis.timeout is set), which async-task.redis-timeout does not
			// bound
			rig.stats();
			long outageStart = System.nanoTime();
			startOutage(rig, outage);
			List<Thread> threads = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				int first = t;
				Thread thread = new Thread(() -> {
					for (int n = first; n < TRANSACTIONS; n += THREADS) {
						boolean commit = n % 5 != 4;
						int order = n;
						long started = System.nanoTime();
						transactions.executeWithoutResult((status) -> {
							TaskReceipt receipt = rig.producer.template.submit(TaskOptions.defaults(),
									() -> rig.producer.tasks.work("order-" + order, 20));
							assertThat(receipt.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
							jdbc.update("insert into orders (n, task_id) values (?, ?)", order, receipt.taskId());
							if (!commit) {
								rolledBack.add(receipt.taskId());
								status.setRollbackOnly();
							}
						});
						long ended = System.nanoTime();
						slowestCommitMillis.accumulateAndGet((ended - started) / 1_000_000, Math::max);
						if (commit && ended - outageStart < OUTAGE.toNanos()) {
							committedDuringOutage.incrementAndGet();
						}
					}
				}, "committer-" + t);
				threads.add(thread);
				thread.start();
			}
			for (Thread thread : threads) {
				thread.join();
			}
			int bufferedAtMost = resendSizes.max();
			sleep(Duration.ofNanos(Math.max(0, outageStart + OUTAGE.toNanos() - System.nanoTime())));
			long outageMillis = (System.nanoTime() - outageStart) / 1_000_000;
			endOutage(rig, outage);
			long endedAt = System.nanoTime();
			await().atMost(Duration.ofSeconds(30)).until(() -> resendSizes.current() == 0);
			long resentWithinMillis = (System.nanoTime() - endedAt) / 1_000_000;
			rig.awaitDrained(Duration.ofSeconds(60));

			Set<String> committed = new TreeSet<>(jdbc.queryForList("select task_id from orders", String.class));
			Set<String> reported = reportedLost(errors);
			Set<String> ran = new TreeSet<>();
			rig.workers
				.forEach((worker) -> LedgerChecker.records(worker, "START").forEach((start) -> ran.add(start[2])));
			Map<String, LedgerChecker.Expect> expected = new HashMap<>();
			committed.stream()
				.filter((id) -> !reported.contains(id) || ran.contains(id))
				.forEach((id) -> expected.put(id, LedgerChecker.Expect.SUCCESS));
			LedgerChecker.Verdict verdict = LedgerChecker.check(rig.workers, expected, rig.faults);
			Set<String> silentlyLost = new TreeSet<>(committed);
			silentlyLost.removeAll(ran);
			silentlyLost.removeAll(reported);

			Map<String, Object> figures = new LinkedHashMap<>();
			figures.put("outage", outage.name());
			figures.put("outageMs", outageMillis);
			figures.put("committed", committed.size());
			figures.put("committedDuringOutage", committedDuringOutage.get());
			figures.put("rolledBack", rolledBack.size());
			figures.put("slowestCommitMs", slowestCommitMillis.get());
			figures.put("resendBufferMax", bufferedAtMost);
			figures.put("resendDrainedAfterMs", resentWithinMillis);
			figures.put("reportedLost", reported.size());
			figures.put("reportedLostThatArrivedAnyway", reported.stream().filter(ran::contains).count());
			figures.put("silentlyLost", silentlyLost.size());
			figures.put("redisProblems", rig.invariants.problems().size());
			rig.report("4-redis-unreachable-during-commits", verdict, figures);

			assertThat(committed).hasSize(TRANSACTIONS * 4 / 5);
			assertThat(rolledBack).hasSize(TRANSACTIONS / 5).doesNotContainAnyElementsOf(committed);
			assertThat(committedDuringOutage.get()).as("commits while Redis was unreachable").isGreaterThan(100);
			assertThat(ran).as("tasks of rolled-back transactions").doesNotContainAnyElementsOf(rolledBack);
			assertThat(silentlyLost).as("committed tasks neither run nor reported").isEmpty();
			assertThat(bufferedAtMost).as("the resendBufferSize metric saw the backlog").isEqualTo(RESEND_CAPACITY);
			assertThat(reported).as("over capacity: each named in an ERROR log")
				.isNotEmpty()
				.hasSizeLessThanOrEqualTo(committed.size() - RESEND_CAPACITY);
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.duplicated()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(rig.invariants.problems()).isEmpty();
		}
		finally {
			resendLogger.detachAppender(errors);
		}
	}

	private static void startOutage(Rig rig, Outage outage) {
		if (outage == Outage.FROZEN) {
			signal(rig.redis.pid(), "-STOP");
		}
		else {
			rig.redis.kill();
		}
	}

	private static void endOutage(Rig rig, Outage outage) {
		if (outage == Outage.FROZEN) {
			signal(rig.redis.pid(), "-CONT");
		}
		else {
			rig.redis.start();
		}
	}

	/** Ids named in the re-send buffer's ERROR logs (dropped, or held at close). */
	private static Set<String> reportedLost(ListAppender<ILoggingEvent> appender) {
		Set<String> ids = new TreeSet<>();
		for (ILoggingEvent event : List.copyOf(appender.list)) {
			if (event.getLevel() == Level.ERROR) {
				Matcher matcher = TASK_ID.matcher(event.getFormattedMessage());
				while (matcher.find()) {
					ids.add(matcher.group(1));
				}
			}
		}
		return ids;
	}

	private static void signal(long pid, String signal) {
		try {
			if (new ProcessBuilder("kill", signal, String.valueOf(pid)).inheritIO().start().waitFor() != 0) {
				throw new IllegalStateException("kill " + signal + " " + pid + " failed");
			}
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
