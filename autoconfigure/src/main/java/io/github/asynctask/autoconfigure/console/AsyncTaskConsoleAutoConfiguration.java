package io.github.asynctask.autoconfigure.console;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.redis.RedisBroker;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.flow.FlowDescriptions;
import io.github.asynctask.redis.FlowStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of {@link TaskOperations} (shared with the actuator endpoint) and,
 * in a servlet web application with {@code async-task.console.enabled=true}, of the web
 * console under {@code async-task.console.path}.
 */
@AutoConfiguration(afterName = "io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration")
@ConditionalOnBean(RedisBroker.class)
@EnableConfigurationProperties(AsyncTaskProperties.class)
@Import(AsyncTaskConsoleAutoConfiguration.WebConsoleConfiguration.class)
public final class AsyncTaskConsoleAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ProcessedCounter asyncTaskProcessedCounter() {
		return new ProcessedCounter();
	}

	@Bean
	@ConditionalOnMissingBean
	TaskOperations asyncTaskOperations(RedisBroker broker, ProcessedCounter processed, AsyncTaskProperties properties,
			ObjectProvider<AsyncTaskTemplate> template, ObjectProvider<FlowStore> flowStore) {
		TaskOperations operations = new TaskOperations(broker, processed, properties.getConsole().isShowArguments(),
				new ScheduleAccess(template.getIfAvailable()));
		flowStore.ifAvailable((store) -> operations.flows(new FlowDescriptions(store)));
		return operations;
	}

	/**
	 * The page, its assets and its JSON; only when asked for.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(WebMvcConfigurer.class)
	@ConditionalOnBooleanProperty("async-task.console.enabled")
	static class WebConsoleConfiguration {

		@Bean
		@ConditionalOnMissingBean
		ConsoleApiController asyncTaskConsoleApiController(TaskOperations operations, AsyncTaskProperties properties) {
			checkPath(properties.getConsole().getPath());
			return new ConsoleApiController(operations, properties.getConsole());
		}

		@Bean
		@ConditionalOnMissingBean
		ConsolePageController asyncTaskConsolePageController(AsyncTaskProperties properties) {
			return new ConsolePageController(checkPath(properties.getConsole().getPath()));
		}

		@Bean
		@ConditionalOnMissingBean
		ConsoleAssets asyncTaskConsoleAssets(AsyncTaskProperties properties) {
			return new ConsoleAssets(checkPath(properties.getConsole().getPath()));
		}

		private static String checkPath(String path) {
			if (!path.startsWith("/") || path.endsWith("/") || path.contains("*") || path.contains("{")) {
				throw new IllegalStateException("async-task.console.path must start with '/', not end with '/' "
						+ "and hold no pattern, like '/asynctask', but was '" + path + "'");
			}
			return path;
		}

	}

}
