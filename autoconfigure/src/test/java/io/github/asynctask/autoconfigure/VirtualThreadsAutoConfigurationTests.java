package io.github.asynctask.autoconfigure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code async-task.worker.virtual-threads} and its default from Spring Boot's
 * {@code spring.threads.virtual.enabled}: refused before Java 21 when asked for
 * explicitly, ignored there when only Boot's property asks (as Boot's own executors do).
 */
class VirtualThreadsAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class));

	@Test
	@EnabledForJreRange(max = JRE.JAVA_20)
	void askingForVirtualThreadsBeforeJava21RefusesStartUpNamingThePropertyAndTheVersion() {
		this.contextRunner.withPropertyValues("async-task.worker.virtual-threads=true").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("async-task.worker.virtual-threads is true but needs Java 21 or later")
				.hasMessageContaining("this JVM is Java " + Runtime.version());
		});
	}

	@Test
	@EnabledForJreRange(max = JRE.JAVA_20)
	void springThreadsVirtualEnabledAloneKeepsPlatformThreadsBeforeJava21() {
		this.contextRunner.withPropertyValues("spring.threads.virtual.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed());
		assertThat(virtualThreads("spring.threads.virtual.enabled", "true")).isFalse();
	}

	@Test
	@EnabledForJreRange(min = JRE.JAVA_21)
	void springThreadsVirtualEnabledTurnsThemOnFromJava21() {
		assertThat(virtualThreads("spring.threads.virtual.enabled", "true")).isTrue();
		this.contextRunner.withPropertyValues("async-task.worker.virtual-threads=true")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void theOwnPropertyWinsOverSpringBootsAndPlatformThreadsAreTheDefault() {
		assertThat(
				virtualThreads("spring.threads.virtual.enabled", "true", "async-task.worker.virtual-threads", "false"))
			.isFalse();
		assertThat(virtualThreads()).isFalse();
	}

	private static boolean virtualThreads(String... keysAndValues) {
		MockEnvironment environment = new MockEnvironment();
		AsyncTaskProperties properties = new AsyncTaskProperties();
		for (int i = 0; i < keysAndValues.length; i += 2) {
			environment.setProperty(keysAndValues[i], keysAndValues[i + 1]);
			if (keysAndValues[i].equals("async-task.worker.virtual-threads")) {
				properties.getWorker().setVirtualThreads(Boolean.valueOf(keysAndValues[i + 1]));
			}
		}
		return WorkerSettingsMapper.virtualThreads(properties, environment);
	}

}
