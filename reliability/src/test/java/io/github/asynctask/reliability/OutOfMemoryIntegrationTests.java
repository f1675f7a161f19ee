package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.reliability.WorkerCrashIntegrationTests.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 11: Redis with {@code maxmemory} and {@code noeviction} filled until it
 * refuses writes. Submits fail at once with a clear error, acks of running tasks still
 * work, fetchers back off instead of hammering Redis, and work resumes on its own once
 * space is freed.
 */
@Order(1) // short: runs while the soak starts (junit-platform.properties)
class OutOfMemoryIntegrationTests {

	static final int MB = 1024 * 1024;

	@Test
	void anOutOfMemoryRedisRefusesSubmitsFastKeepsAcksAndWorkResumesAfterSpaceIsFreed() {
		try (Rig rig = new Rig("--maxmemory", "200mb", "--maxmemory-policy", "noeviction")) {
			rig.startWorkers(1);
			List<String> running = new ArrayList<>();
			for (int i = 0; i < 4; i++) {
				running.add(rig.producer.work(4000));
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> rig.stats().active() == 4);
			List<String> waiting = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				waiting.add(rig.producer.work(10));
			}
			// fill, then set the limit below what is used: Redis is out of memory for
			// good
			// (filling up to the limit alone leaves it hovering at the edge)
			String filler = "f".repeat(64 * 1024);
			int fillers = 160;
			for (int i = 0; i < fillers; i++) {
				rig.redis.cli("SET", "filler:" + i, filler);
			}
			long used = rig.invariants.usedMemory();
			rig.redis.cli("CONFIG", "SET", "maxmemory", String.valueOf(used - 4 * MB));
			assertThatOutOfMemory(rig);
			long before = System.nanoTime();
			RuntimeException refused = null;
			try {
				rig.producer.work(10);
			}
			catch (RuntimeException ex) {
				refused = ex;
			}
			long refusedMillis = (System.nanoTime() - before) / 1_000_000;
			// the running tasks end and are acked while Redis is full
			await().atMost(Duration.ofSeconds(15)).until(() -> rig.stats().active() == 0);
			long callsBefore = evalCalls(rig);
			sleep(Duration.ofSeconds(5));
			long callsDuringOom = evalCalls(rig) - callsBefore;
			for (int i = 0; i < fillers; i++) {
				rig.redis.cli("DEL", "filler:" + i);
			}
			long freedAt = System.currentTimeMillis();
			rig.awaitDrained(Duration.ofSeconds(30));
			long resumeMillis = System.currentTimeMillis() - freedAt;
			LedgerChecker.Verdict verdict = rig.verdict();
			Map<String, Object> figures = new LinkedHashMap<>();
			figures.put("fillerKb", fillers * 64);
			figures.put("submitRefusedMs", refusedMillis);
			figures.put("submitError", (refused != null) ? refused.getClass().getSimpleName() : "none");
			figures.put("scriptCallsIn5sOfOom", callsDuringOom);
			figures.put("resumedAfterFreeMs", resumeMillis);
			rig.report("11-oom-noeviction", verdict, figures);
			assertThat(refused).as("a submit to a full Redis fails").isNotNull();
			assertThat(refused).hasMessageContaining("OOM");
			assertThat(refusedMillis).as("fails at once").isLessThan(2000);
			assertThat(LedgerChecker.records(rig.workers.get(0), "ACK")
				.stream()
				.filter((ack) -> running.contains(ack[2]) && ack[5].equals("APPLIED"))
				.count()).as("acks still work when Redis is full").isEqualTo(4);
			assertThat(callsDuringOom).as("fetchers back off (script calls in 5 s)").isLessThan(100);
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(verdict.ok()).isEqualTo(running.size() + waiting.size());
			assertThat(rig.invariants.problems()).isEmpty();
		}
	}

	private static void assertThatOutOfMemory(Rig rig) {
		try {
			rig.redis.cli("SET", "probe", "x");
			throw new AssertionError("Redis still takes writes");
		}
		catch (IllegalStateException ex) {
			assertThat(ex.getMessage()).startsWith("OOM");
		}
	}

	private static long evalCalls(Rig rig) {
		String stats = rig.redis.cli("INFO", "commandstats");
		return stats.lines()
			.filter((line) -> line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:"))
			.mapToLong((line) -> Long.parseLong(line.replaceAll(".*calls=(\\d+).*", "$1")))
			.sum();
	}

}
