package io.github.asynctask.benchmarks;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runner interleaves the systems' repetitions of a variant, and a system that fails
 * is reported failed while the others finish.
 */
@ExtendWith(RedisExtension.class)
class RunnerIntegrationTests {

	private final List<String> opened = new CopyOnWriteArrayList<>();

	@Test
	void repetitionsAlternateBetweenSystemsAndAFailureStopsOnlyItsOwnSystem(RedisServer redis, @TempDir Path dir)
			throws Exception {
		Path out = dir.resolve("results.jsonl");
		Options options = Options.parse("--warmups=1", "--reps=2", "--out=" + out);
		Runner runner = new Runner(new RedisTarget(redis), options,
				new Report(new PrintStream(OutputStream.nullOutputStream()), out, Map.of()));
		Fake steady = new Fake("steady", Integer.MAX_VALUE);
		Fake flaky = new Fake("flaky", 2);
		runner.measure(steady, "variant", Map.of(), (contender, warmup) -> Map.of("figure", warmup ? -1.0 : 1.0));
		runner.measure(flaky, "variant", Map.of(), (contender, warmup) -> Map.of("figure", 2.0));
		runner.runPlanned(System.nanoTime());

		assertThat(this.opened).containsExactly("steady", "flaky", "steady", "flaky", "steady");
		List<String> lines = Files.readAllLines(out);
		assertThat(lines).hasSize(2);
		assertThat(lines.get(0)).contains("\"system\":\"steady\"", "\"status\":\"ok\"", "\"runs\":[1,1]");
		assertThat(lines.get(1)).contains("\"system\":\"flaky\"", "\"status\":\"failed\"", "flaky refused open 2");
	}

	/** A system whose {@code failAt}-th open fails; records every open. */
	private final class Fake implements SystemUnderTest {

		private final String name;

		private final int failAt;

		private int opens;

		Fake(String name, int failAt) {
			this.name = name;
			this.failAt = failAt;
		}

		@Override
		public String name() {
			return this.name;
		}

		@Override
		public Map<String, String> versions() {
			return Map.of();
		}

		@Override
		public Set<Feature> features() {
			return Set.of();
		}

		@Override
		public String setup() {
			return "fake";
		}

		@Override
		public Contender open(RedisTarget redis) {
			RunnerIntegrationTests.this.opened.add(this.name);
			if (++this.opens == this.failAt) {
				throw new IllegalStateException(this.name + " refused open " + this.opens);
			}
			return new Contender() {

				@Override
				public void submit(String arg) {
				}

				@Override
				public void startWorkers(List<String> queues, int concurrency) {
				}

				@Override
				public void close() {
				}

			};
		}

	}

}
