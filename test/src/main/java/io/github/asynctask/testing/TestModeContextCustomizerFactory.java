package io.github.asynctask.testing;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Chooses the mode of every test context, registered in {@code META-INF/spring.factories}
 * so that an application's existing tests need no annotation: the test class's
 * {@link AutoConfigureAsyncTask#mode()}, else {@code async-task.test.mode} of the test's
 * environment (the suite's default, e.g. in {@code src/test/resources}), else
 * {@link AsyncTaskTestMode#RECORD}. Turns it into properties before the context is
 * refreshed, where the auto-configurations' conditions read them: the mode, and the
 * worker switched off when there is no Redis to fetch from.
 */
final class TestModeContextCustomizerFactory implements ContextCustomizerFactory {

	static final String MODE_PROPERTY = "async-task.test.mode";

	@Override
	public ContextCustomizer createContextCustomizer(Class<?> testClass,
			List<ContextConfigurationAttributes> configAttributes) {
		AutoConfigureAsyncTask annotation = TestContextAnnotationUtils.findMergedAnnotation(testClass,
				AutoConfigureAsyncTask.class);
		return new TestModeCustomizer((annotation != null) ? annotation.mode() : null);
	}

	/**
	 * A record, so that tests of one mode share a cached context.
	 *
	 * @param classMode the test class's mode, {@code null} when it chose none
	 */
	private record TestModeCustomizer(@Nullable AsyncTaskTestMode classMode) implements ContextCustomizer {

		private static final Log logger = LogFactory.getLog(TestModeContextCustomizerFactory.class);

		@Override
		public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
			ConfigurableEnvironment environment = context.getEnvironment();
			String source = (this.classMode != null) ? "@AutoConfigureAsyncTask"
					: (environment.containsProperty(MODE_PROPERTY) ? MODE_PROPERTY : "the default");
			AsyncTaskTestMode mode = (this.classMode != null) ? this.classMode : suiteMode(environment);
			String value = mode.name().toLowerCase(Locale.ROOT);
			Map<String, Object> properties = (mode == AsyncTaskTestMode.REDIS) ? Map.of(MODE_PROPERTY, value)
					: Map.of(MODE_PROPERTY, value, "async-task.worker.enabled", "false");
			environment.getPropertySources().addFirst(new MapPropertySource("asyncTaskTestMode", properties));
			logger.info("async-task test mode " + value + " (" + source + ") for "
					+ mergedConfig.getTestClass().getSimpleName() + ((mode == AsyncTaskTestMode.REDIS) ? ""
							: ": tasks are recorded, no worker starts, no connection to Redis is opened"));
		}

		private static AsyncTaskTestMode suiteMode(ConfigurableEnvironment environment) {
			String value = environment.getProperty(MODE_PROPERTY);
			if (value == null || value.isBlank()) {
				return AsyncTaskTestMode.RECORD;
			}
			try {
				return AsyncTaskTestMode.valueOf(value.trim().toUpperCase(Locale.ROOT));
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalStateException(MODE_PROPERTY + " is '" + value
						+ "'; it must be one of record, inline, redis (async-task-spring-boot-test)", ex);
			}
		}

	}

}
