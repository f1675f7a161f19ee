package io.github.asynctask.testing;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.context.support.GenericApplicationContext;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The properties each way of choosing a mode leaves in a test context's environment.
 */
class TestModeContextCustomizerFactoryTests {

	@Test
	void withoutAModeATestRecordsWithTheWorkerOff() {
		GenericApplicationContext context = customized(NoMode.class, new MockEnvironment());

		assertThat(context.getEnvironment().getProperty("async-task.test.mode")).isEqualTo("record");
		assertThat(context.getEnvironment().getProperty("async-task.worker.enabled")).isEqualTo("false");
	}

	@Test
	void theSuitesRedisModeLeavesTheWorkerAlone() {
		GenericApplicationContext context = customized(NoMode.class,
				new MockEnvironment().withProperty("async-task.test.mode", "REDIS"));

		assertThat(context.getEnvironment().getProperty("async-task.test.mode")).isEqualTo("redis");
		assertThat(context.getEnvironment().getProperty("async-task.worker.enabled")).isNull();
	}

	@Test
	void theClassModeWinsOverTheSuites() {
		GenericApplicationContext context = customized(InlineMode.class,
				new MockEnvironment().withProperty("async-task.test.mode", "redis"));

		assertThat(context.getEnvironment().getProperty("async-task.test.mode")).isEqualTo("inline");
	}

	@Test
	void anUnknownSuiteModeIsRefusedNamingTheProperty() {
		assertThatIllegalStateException().isThrownBy(
				() -> customized(NoMode.class, new MockEnvironment().withProperty("async-task.test.mode", "offline")))
			.withMessage("async-task.test.mode is 'offline'; it must be one of record, inline, redis "
					+ "(async-task-spring-boot-test)");
	}

	private static GenericApplicationContext customized(Class<?> testClass, MockEnvironment environment) {
		GenericApplicationContext context = new GenericApplicationContext();
		context.setEnvironment(environment);
		ContextCustomizer customizer = new TestModeContextCustomizerFactory().createContextCustomizer(testClass,
				List.of());
		customizer.customizeContext(context,
				new MergedContextConfiguration(testClass, new String[0], new Class<?>[0], new String[0], null));
		return context;
	}

	static class NoMode {

	}

	@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.INLINE)
	static class InlineMode {

	}

}
