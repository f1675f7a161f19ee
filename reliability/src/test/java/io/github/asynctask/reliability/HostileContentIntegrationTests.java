package io.github.asynctask.reliability;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 10: content written into Redis by someone other than the library (with plain
 * commands): empty, random bytes, truncated JSON, wrong types, unknown task names, the
 * name of a public method that is not a task, and {@code @class} fields naming a gadget
 * class whose static initializer writes a marker file. Each goes to dead with a reason,
 * the workers stay up and keep working, and the gadget class is never loaded.
 */
@Order(1) // short: runs while the soak starts (junit-platform.properties)
class HostileContentIntegrationTests {

	static final String GADGET = Gadget.class.getName();

	@Test
	void hostileContentGoesToDeadWithAReasonAndNeverLoadsAClassNamedInRedis() throws Exception {
		try (Rig rig = new Rig()) {
			Path marker = rig.dir.resolve("gadget-marker");
			List<WorkerJvm> workers = rig.startWorkers(2,
					// unknown names are handed back for another instance until the grace
					// ends
					(options) -> options.jvm("-D" + Gadget.MARKER_PROPERTY + "=" + marker)
						.with("unknownTaskGrace", "1"));
			Map<String, String> hostile = new LinkedHashMap<>();
			hostile.put("empty", "");
			hostile.put("random-bytes", randomText());
			hostile.put("truncated-meta", "{\"v\":1,\"n\":\"rel.wo");
			hostile.put("meta-wrong-types",
					"{\"v\":1,\"n\":\"rel.work\",\"s\":\"p\",\"a\":\"one\",\"k\":[],\"m\":{}}\n{}");
			hostile.put("meta-not-object", "[1,2,3]\n{}");
			hostile.put("packed-meta-letters", "3|p|many|0||rel.work\n{}");
			hostile.put("packed-meta-cut", "3|p|3|0");
			hostile.put("truncated-payload", meta("rel.work") + "{\"v\":1,\"args\":[\"w\",");
			hostile.put("args-wrong-types", meta("rel.work") + "{\"v\":1,\"args\":[{\"k\":1},\"soon\"]}");
			hostile.put("args-too-many", meta("rel.work") + "{\"v\":1,\"args\":[\"w\",1,2]}");
			hostile.put("payload-not-object", meta("rel.work") + "\"just a string\"");
			hostile.put("deep-nesting", meta("rel.work") + "{\"v\":1,\"args\":[\"w\",1],\"x\":" + "[".repeat(5000)
					+ "]".repeat(5000) + "}");
			hostile.put("unknown-task", meta("no.such.task") + "{\"v\":1,\"args\":[]}");
			hostile.put("not-a-task-method", meta("notATask") + "{\"v\":1,\"args\":[\"x\"]}");
			hostile.put("not-a-task-qualified", meta("ReliabilityTasks.notATask") + "{\"v\":1,\"args\":[\"x\"]}");
			hostile.put("class-name-as-task", meta(GADGET) + "{\"v\":1,\"args\":[]}");
			hostile.put("gadget-wrapper-array",
					meta("rel.order") + "{\"v\":1,\"args\":[[\"" + GADGET + "\",{\"command\":\"touch\"}]]}");
			hostile.put("gadget-as-string-arg",
					meta("rel.work") + "{\"v\":1,\"args\":[{\"@class\":\"" + GADGET + "\",\"command\":\"x\"},1]}");
			// a well-formed order with one property more: read as the declared Order, the
			// '@class' property ignored like any unknown one; it runs, nothing is loaded
			String tolerated = "gadget-class-property";
			rig.redis.cli("HSET", rig.keys.tasks(ReliabilityTasks.QUEUE), tolerated, meta("rel.order")
					+ "{\"v\":1,\"args\":[{\"@class\":\"" + GADGET + "\",\"id\":\"o\",\"quantity\":1}]}");
			rig.redis.cli("LPUSH", rig.keys.pending(ReliabilityTasks.QUEUE), tolerated);
			rig.producer.expect(tolerated, LedgerChecker.Expect.SUCCESS);
			hostile.forEach((id, raw) -> {
				rig.redis.cli("HSET", rig.keys.tasks(ReliabilityTasks.QUEUE), id, raw);
				rig.redis.cli("LPUSH", rig.keys.pending(ReliabilityTasks.QUEUE), id);
			});
			rig.redis.cli("RPUSH", rig.keys.wake(ReliabilityTasks.QUEUE), "1");
			List<String> after = java.util.stream.IntStream.range(0, 50)
				.mapToObj((i) -> rig.producer.work(20))
				.toList();
			await().atMost(Duration.ofSeconds(30))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> rig.stats().pending() + rig.stats().active() + rig.stats().retry() == 0);
			Map<String, String> reasons = new LinkedHashMap<>();
			hostile.keySet()
				.forEach((id) -> reasons.put(id,
						rig.broker.find(ReliabilityTasks.QUEUE, id)
							.map((info) -> info.state() + ": " + info.lastError())
							.orElse("gone (ran to success)")));
			reasons.forEach((id, reason) -> System.out
				.println("HOSTILE " + id + " -> " + reason.substring(Math.max(0, reason.length() - 150))));
			LedgerChecker.Verdict verdict = rig.verdict();
			long dead = hostile.keySet()
				.stream()
				.filter((id) -> rig.broker.find(ReliabilityTasks.QUEUE, id)
					.map(TaskInfo::state)
					.filter(TaskState.DEAD::equals)
					.isPresent())
				.count();
			rig.report("10-hostile-content", verdict, Map.of("hostile", hostile.size(), "dead", dead, "markerWritten",
					Files.exists(marker), "workersAlive", workers.stream().filter(WorkerJvm::isAlive).count()));
			assertThat(Files.exists(marker)).as("the gadget class was never loaded").isFalse();
			assertThat(workers).allMatch(WorkerJvm::isAlive);
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.unexpected()).as("only submitted tasks ran").isEmpty();
			assertThat(LedgerChecker.records(workers.get(0), "START")
				.stream()
				.filter((start) -> hostile.containsKey(start[2]))
				.toList()).isEmpty();
			reasons.forEach((id, reason) -> assertThat(reason).as(id).startsWith("DEAD: ").hasSizeGreaterThan(10));
			assertThat(reasons.get("unknown-task")).contains("defines a task named 'no.such.task'");
			assertThat(reasons.get("not-a-task-method")).contains("defines a task named 'notATask'");
			assertThat(reasons.get("args-wrong-types")).contains("Cannot read the arguments");
			assertThat(reasons.get("empty")).contains("unreadable task data");
			assertThat(reasons.get("deep-nesting")).containsIgnoringCase("depth");
			assertThat(rig.broker.find(ReliabilityTasks.QUEUE, tolerated)).as("ran as a plain Order").isEmpty();
			assertThat(rig.invariants.problems()).isEmpty();
		}
	}

	private static String meta(String name) {
		long now = System.currentTimeMillis();
		return "{\"v\":1,\"n\":\"" + name + "\",\"s\":\"p\",\"a\":0,\"k\":0,\"m\":3,\"c\":" + now + ",\"t\":" + now
				+ "}\n";
	}

	private static String randomText() {
		StringBuilder text = new StringBuilder();
		ThreadLocalRandom random = ThreadLocalRandom.current();
		for (int i = 0; i < 512; i++) {
			text.append((char) random.nextInt(1, 0xD7FF));
		}
		return text.toString();
	}

}
