package io.github.asynctask.limit;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.TaskDefinition;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Start-up checks of {@code concurrencyKey}/{@code maxConcurrency} and the key of a call.
 */
class ConcurrencyKeysTests {

	private final ConcurrencyKeys keys = new ConcurrencyKeys(new BizIdEvaluator());

	@Test
	void aKeyWithALimitIsFineAndEvaluatesOverTheArguments() {
		TaskDefinition definition = definition("keyed");
		assertThat(this.keys.problems(definition)).isEmpty();
		assertThat(this.keys.evaluate(definition, new Object[] { "acme" }))
			.isEqualTo(new ConcurrencyKeys.Limit("acme", 2));
	}

	@Test
	void aNullKeyRunsUnkeyedAndATaskWithoutAKeyHasNone() {
		assertThat(this.keys.evaluate(definition("keyed"), new Object[] { null })).isNull();
		assertThat(this.keys.evaluate(definition("plain"), new Object[] { "acme" })).isNull();
		assertThat(this.keys.problems(definition("plain"))).isEmpty();
	}

	@Test
	void aLimitWithoutAKeyOrBelowOneOrBadSpelIsAProblem() {
		assertThat(this.keys.problems(definition("limitWithoutKey"))).containsExactly(
				"'tasks' method Tasks.limitWithoutKey (task 'limitWithoutKey'): maxConcurrency = 2 needs a concurrencyKey (e.g. concurrencyKey = \"#tenantId\") saying "
						+ "whose tasks it limits");
		assertThat(this.keys.problems(definition("keyWithoutLimit"))).containsExactly(
				"'tasks' method Tasks.keyWithoutLimit (task 'keyWithoutLimit'): concurrencyKey '#tenant' needs maxConcurrency of at least 1 but it is 0");
		assertThat(this.keys.problems(definition("negativeLimit"))).singleElement()
			.asString()
			.contains("at least 1 but it is -1");
		assertThat(this.keys.problems(definition("badSpel"))).singleElement()
			.asString()
			.contains("concurrencyKey '#tenant +' is not valid SpEL");
	}

	private TaskDefinition definition(String methodName) {
		Method method = List.of(Tasks.class.getMethods())
			.stream()
			.filter((m) -> m.getName().equals(methodName))
			.findFirst()
			.orElseThrow();
		return new TaskDefinition(methodName, "q", "tasks", new Tasks(), method,
				List.of(method.getGenericParameterTypes()), 3, Duration.ofMinutes(1), null, null, Duration.ofHours(1),
				List.of());
	}

	public static class Tasks {

		@AsyncTask(concurrencyKey = "#tenant", maxConcurrency = 2)
		public void keyed(String tenant) {
		}

		@AsyncTask
		public void plain(String tenant) {
		}

		@AsyncTask(maxConcurrency = 2)
		public void limitWithoutKey(String tenant) {
		}

		@AsyncTask(concurrencyKey = "#tenant")
		public void keyWithoutLimit(String tenant) {
		}

		@AsyncTask(concurrencyKey = "#tenant", maxConcurrency = -1)
		public void negativeLimit(String tenant) {
		}

		@AsyncTask(concurrencyKey = "#tenant +", maxConcurrency = 1)
		public void badSpel(String tenant) {
		}

	}

}
