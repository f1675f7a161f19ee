package io.github.asynctask.definition;

import java.time.Duration;

import io.github.asynctask.annotation.AsyncTask;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start-up check and the window of {@code @AsyncTask(debounce = ...)}.
 */
class DebouncesTests {

	private final Debounces debounces = new Debounces();

	@Test
	void aDebouncedTaskWithABizIdHasItsWindowAndNoProblem() {
		TaskDefinition definition = TestDefinitions.of(new Tasks(), "reindex", "#documentId");
		assertThat(this.debounces.problems(definition)).isEmpty();
		assertThat(this.debounces.window(definition)).isEqualTo(Duration.ofSeconds(5));
	}

	@Test
	void aTaskWithoutDebounceHasNoWindow() {
		TaskDefinition definition = TestDefinitions.of(new Tasks(), "plain", "#documentId");
		assertThat(this.debounces.problems(definition)).isEmpty();
		assertThat(this.debounces.window(definition)).isNull();
	}

	@Test
	void debounceWithoutABizIdIsAStartUpErrorNamingTheMethod() {
		TaskDefinition definition = TestDefinitions.of(new Tasks(), "reindex");
		assertThat(this.debounces.problems(definition)).singleElement()
			.asString()
			.contains("Tasks.reindex")
			.contains("debounce '5s' needs a bizId");
	}

	@Test
	void aDebounceThatIsNotADurationOrIsCombinedWithAfterIsAStartUpError() {
		assertThat(this.debounces.problems(TestDefinitions.of(new Tasks(), "badWindow", "#documentId"))).singleElement()
			.asString()
			.contains("Tasks.badWindow")
			.contains("debounce 'soon' is not a duration");
		assertThat(this.debounces.problems(TestDefinitions.of(new Tasks(), "waiting", "#documentId"))).singleElement()
			.asString()
			.contains("cannot be combined with after");
	}

	static class Tasks {

		@AsyncTask(bizId = "#documentId", debounce = "5s")
		public void reindex(String documentId) {
		}

		@AsyncTask(bizId = "#documentId")
		public void plain(String documentId) {
		}

		@AsyncTask(bizId = "#documentId", debounce = "soon")
		public void badWindow(String documentId) {
		}

		@AsyncTask(bizId = "#documentId", debounce = "1s", after = "other")
		public void waiting(String documentId) {
		}

	}

}
