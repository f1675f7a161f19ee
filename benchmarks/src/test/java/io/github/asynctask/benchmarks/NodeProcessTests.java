package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class NodeProcessTests {

	@Test
	void requestsAreOneLineOfSingleWords() {
		assertThat(NodeProcess.request(7, "submit", "c1", 5000, 16)).isEqualTo("7 submit c1 5000 16\n");
		assertThatIllegalArgumentException().isThrownBy(() -> NodeProcess.request(1, "add", "c1", "two words"));
		assertThatIllegalArgumentException().isThrownBy(() -> NodeProcess.request(1, "add", "c1", ""));
	}

	@Test
	void answersCompleteTheirRequestWithValuesOrTheError() {
		CompletableFuture<List<String>> ok = new CompletableFuture<>();
		CompletableFuture<List<String>> bare = new CompletableFuture<>();
		CompletableFuture<List<String>> failed = new CompletableFuture<>();
		Map<Long, CompletableFuture<List<String>>> waiting = Map.of(1L, ok, 2L, bare, 3L, failed);
		NodeProcess.Line.parse("1 ok v20.20.2 6.7.0").apply(waiting);
		NodeProcess.Line.parse("2 ok").apply(waiting);
		NodeProcess.Line.parse("3 error no contender c9").apply(waiting);
		NodeProcess.Line.parse("4 ok late").apply(waiting);
		assertThat(ok.join()).containsExactly("v20.20.2", "6.7.0");
		assertThat(bare.join()).isEmpty();
		assertThat(failed).failsWithin(Duration.ZERO)
			.withThrowableOfType(ExecutionException.class)
			.withMessageContaining("node: no contender c9");
	}

	@Test
	void aTaskStartIsRecordedAtTheTimeTheScriptStamped() {
		Probe.reset(1, true);
		NodeProcess.Line.parse("h 1500 " + TaskArg.of(1000)).apply(Map.of());
		assertThat(Probe.started()).isEqualTo(1);
		assertThat(Probe.lastNanos()).isEqualTo(1500);
		assertThat(Probe.sortedDelays()).containsExactly(500);
	}

}
