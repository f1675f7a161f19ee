package io.github.asynctask.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs one small scenario end to end (its own redis-server, the full async-task stack)
 * and checks that it wrote a RESULT row with figures; no timing is asserted.
 */
class BenchmarkSmokeIntegrationTests {

	@Test
	void aSmallEnqueueRunWritesAResultLine(@TempDir Path dir) throws Exception {
		Path out = dir.resolve("results.jsonl");
		int status = BenchmarkMain.run(Options.parse("--n=100", "--scenarios=enqueue.1thread", "--systems=async-task",
				"--warmups=0", "--reps=1", "--out=" + out));
		List<String> lines = Files.readAllLines(out);
		assertThat(status).isZero();
		assertThat(lines).hasSize(1);
		assertThat(lines.get(0)).contains("\"system\":\"async-task\"", "\"scenario\":\"enqueue.1thread\"",
				"\"status\":\"ok\"", "\"submitsPerSec\"");
	}

	@Test
	void aSmallLatencyLoadRunMeasuresTheDrainThenSendsOpenLoopAndWritesAResultLine(@TempDir Path dir) throws Exception {
		Path out = dir.resolve("results.jsonl");
		int status = BenchmarkMain.run(Options.parse("--n=200", "--scenarios=latency.load", "--systems=async-task",
				"--latency-seconds=1", "--warmups=0", "--reps=1", "--out=" + out));
		List<String> lines = Files.readAllLines(out);
		assertThat(status).isZero();
		assertThat(lines).as("latency.load alone, without the idle latency variant").hasSize(1);
		assertThat(lines.get(0)).contains("\"scenario\":\"latency.load\"", "\"status\":\"ok\"", "\"drainPerSec\"",
				"\"ratePerSec\"", "\"p999Ms\"", "\"sendLateP99Ms\"", "\"ctxSwitchesPerTask\"");
	}

}
