package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scenario 16: a rolling deploy of two versions of one task ({@link VersionTasks}:
 * version 2 renamed a record field, with an upcaster). One version-1 JVM (one thread, 200
 * ms a body) serves the queue while version-1 tasks wait pending, scheduled (due after
 * the deploy) and in retry (they fail on version 1, with an 8 s backoff); a version-2
 * producer submits tasks the version-1 JVM fetches and hands back uncounted. Two
 * version-2 JVMs start, then the version-1 JVM stops (SIGTERM). Every task completes
 * once, each body read the value its producer gave (version 2 through the upcaster), none
 * goes dead.
 */
class RollingDeployIntegrationTests {

	private static final int PENDING = 100;

	private static final int SCHEDULED = 30;

	private static final int RETRY = 20;

	private static final int NEWER = 30;

	@Test
	void versionOneTasksWaitingThroughARollingDeployRunOnceUpcastAndNewerOnesAreHandedBack() {
		try (Rig rig = new Rig(Map.of("version", "1"))) {
			WorkerJvm v1 = rig
				.startWorkers(1,
						(options) -> options.with("version", "1").with("backoff", "15000").with("concurrency", "1"))
				.get(0);
			VersionTasks.V1 oldCode = rig.producer.context.getBean(VersionTasks.V1.class);
			Map<String, String> sent = new HashMap<>();
			Map<String, String> group = new HashMap<>();
			for (int i = 0; i < RETRY; i++) {
				submitV1(rig, oldCode, VersionTasks.FAILS_ON_V1 + i, TaskOptions.defaults(), sent, group, "retry");
			}
			for (int i = 0; i < SCHEDULED; i++) {
				submitV1(rig, oldCode, "scheduled-" + i,
						TaskOptions.defaults().delay(Duration.ofMillis(30_000 + 50 * i)), sent, group, "scheduled");
			}
			Map<String, String> args = Map.of("redis", rig.redis.host() + ":" + rig.redis.port(), "prefix", Rig.PREFIX,
					"version", "2");
			try (Producer v2Producer = new Producer(args, rig.dir.resolve("producer-v2.ledger"))) {
				VersionTasks.V2 newCode = v2Producer.context.getBean(VersionTasks.V2.class);
				for (int i = 0; i < NEWER; i++) {
					String key = "newer-" + i;
					String id = v2Producer
						.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(),
								() -> newCode.send(new VersionTasks.ParcelV2(key, "to-" + key)))
						.taskId();
					sent.put(id, "to-" + key);
					group.put(id, "newer");
				}
				// behind the newer tasks, so the version-1 JVM fetches those first
				for (int i = 0; i < PENDING; i++) {
					submitV1(rig, oldCode, "pending-" + i, TaskOptions.defaults(), sent, group, "pending");
				}
				QueueStats before = rig.stats();
				rig.startWorkers(2, (options) -> options.with("version", "2"));
				v1.terminate();
				assertThat(v1.awaitExit(Duration.ofSeconds(30))).as("version-1 JVM stopped").isTrue();
				long v1StoppedAt = System.currentTimeMillis();
				rig.awaitDrained(Duration.ofSeconds(90));

				Map<String, LedgerChecker.Expect> expected = new HashMap<>(rig.producer.expected());
				expected.putAll(v2Producer.expected());
				LedgerChecker.Verdict verdict = rig.verdict(expected);
				Map<String, Map<String, Integer>> runs = new TreeMap<>();
				int wrongValue = 0;
				for (WorkerJvm worker : rig.workers) {
					for (String[] arg : LedgerChecker.records(worker, "ARG")) {
						runs.computeIfAbsent(group.get(arg[2]), (g) -> new TreeMap<>())
							.merge("v" + arg[3], 1, Integer::sum);
						if (!arg[4].equals(sent.get(arg[2]))) {
							wrongValue++;
						}
					}
				}
				long newerRunByV1 = LedgerChecker.records(v1, "START")
					.stream()
					.filter((start) -> "newer".equals(group.get(start[2])))
					.count();
				long handedBack = LedgerChecker.records(v1, "ACK")
					.stream()
					.filter((ack) -> ack[4].equals("hand") && "newer".equals(group.get(ack[2])))
					.count();
				long newerAttemptsCounted = rig.workers.stream()
					.flatMap((worker) -> LedgerChecker.records(worker, "START").stream())
					.filter((start) -> "newer".equals(group.get(start[2])) && !start[3].equals("1"))
					.count();
				QueueStats after = rig.stats();
				Map<String, Object> figures = new LinkedHashMap<>();
				figures.put("waitingWhenV2Started", List.of(before.pending(), before.scheduled(), before.retry()));
				figures.put("runsByGroupAndCodeVersion", runs);
				figures.put("wrongValues", wrongValue);
				figures.put("newerHandedBackByV1", handedBack);
				figures.put("newerRunByV1", newerRunByV1);
				figures.put("newerAttemptsCounted", newerAttemptsCounted);
				figures.put("dead", after.dead());
				figures.put("drainedAfterV1StoppedMs", System.currentTimeMillis() - v1StoppedAt);
				rig.report("16-rolling-deploy-versions", verdict, figures);

				assertThat(wrongValue).as("bodies that read another value than was sent (null: not upcast)").isZero();
				assertThat(runs.get("scheduled")).as("scheduled v1 tasks run by v2 after the upcast").containsKey("v2");
				assertThat(runs.get("pending")).as("pending v1 tasks run by v2 after the upcast").containsKey("v2");
				assertThat(runs.get("retry")).as("v1 tasks in retry ran on v2 after failing on v1")
					.containsKeys("v1", "v2");
				assertThat(runs.get("newer")).as("newer tasks ran on v2 only").containsOnlyKeys("v2");
				assertThat(handedBack).as("newer tasks the v1 JVM fetched and handed back").isPositive();
				assertThat(newerRunByV1).isZero();
				assertThat(newerAttemptsCounted).as("hand-backs counted as attempts").isZero();
				assertThat(after.dead()).as("dead tasks").isZero();
				assertThat(verdict.lost()).isEmpty();
				assertThat(verdict.duplicated()).isEmpty();
				assertThat(verdict.unexpected()).isEmpty();
				assertThat(rig.invariants.problems()).isEmpty();
			}
		}
	}

	private static void submitV1(Rig rig, VersionTasks.V1 oldCode, String key, TaskOptions options,
			Map<String, String> sent, Map<String, String> group, String kind) {
		String id = rig.producer
			.submit(LedgerChecker.Expect.SUCCESS, options,
					() -> oldCode.send(new VersionTasks.ParcelV1(key, "to-" + key)))
			.taskId();
		sent.put(id, "to-" + key);
		group.put(id, kind);
	}

}
