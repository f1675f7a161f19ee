package io.github.asynctask.testing;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Turns {@link AutoConfigureAsyncTask#mode()} into properties before the context is
 * refreshed, where the auto-configurations' conditions read them: the mode, and the
 * worker switched off when there is no Redis to fetch from.
 */
final class TestModeContextCustomizerFactory implements ContextCustomizerFactory {

	static final String MODE_PROPERTY = "async-task.test.mode";

	@Override
	public @Nullable ContextCustomizer createContextCustomizer(Class<?> testClass,
			List<ContextConfigurationAttributes> configAttributes) {
		AutoConfigureAsyncTask annotation = TestContextAnnotationUtils.findMergedAnnotation(testClass,
				AutoConfigureAsyncTask.class);
		return (annotation != null) ? new TestModeCustomizer(annotation.mode()) : null;
	}

	/** A record, so that tests of one mode share a cached context. */
	private record TestModeCustomizer(AsyncTaskTestMode mode) implements ContextCustomizer {

		@Override
		public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
			Map<String, Object> properties = (this.mode == AsyncTaskTestMode.REDIS) ? Map.of(MODE_PROPERTY, "redis")
					: Map.of(MODE_PROPERTY, this.mode.name().toLowerCase(), "async-task.worker.enabled", "false");
			context.getEnvironment()
				.getPropertySources()
				.addFirst(new MapPropertySource("asyncTaskTestMode", properties));
		}

	}

}
