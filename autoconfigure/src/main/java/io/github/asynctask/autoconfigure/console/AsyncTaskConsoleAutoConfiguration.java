package io.github.asynctask.autoconfigure.console;

import io.github.asynctask.AsyncTaskTemplate;
import java.time.Duration;
import java.util.List;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.history.HistoryRecorder;
import io.github.asynctask.redis.store.BulkActions;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.store.RedisHistory;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.TaskPages;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.flow.FlowDescriptions;
import io.github.asynctask.redis.store.FlowStore;

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
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of {@link TaskOperations} (shared with the actuator endpoint) and,
 * in a servlet web application with {@code async-task.console.enabled=true}, of the web
 * console under {@code async-task.console.path}.
 */
@AutoConfiguration(afterName = "io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration")
@ConditionalOnBean(RedisBroker.class)
@EnableConfigurationProperties({ AsyncTaskProperties.class, SensitiveValuesProperties.class })
@Import({ AsyncTaskConsoleAutoConfiguration.BrowseConfiguration.class,
		AsyncTaskConsoleAutoConfiguration.WebConsoleConfiguration.class, BatchConsoleConfiguration.class })
public final class AsyncTaskConsoleAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ProcessedCounter asyncTaskProcessedCounter() {
		return new ProcessedCounter();
	}

	@Bean
	@ConditionalOnMissingBean
	TaskOperations asyncTaskOperations(RedisBroker broker, ProcessedCounter processed, AsyncTaskProperties properties,
			ObjectProvider<AsyncTaskTemplate> template, ObjectProvider<FlowStore> flowStore,
			ObjectProvider<Views.OutboxBacklogSource> outbox, ObjectProvider<BacklogLimits> backlogLimits) {
		TaskOperations operations = new TaskOperations(broker, processed, properties.getConsole().isShowArguments(),
				new ScheduleAccess(template.getIfAvailable()));
		flowStore.ifAvailable((store) -> operations.flows(new FlowDescriptions(store)));
		outbox.ifAvailable(operations::outbox);
		backlogLimits.ifAvailable(operations::backlogLimits);
		return operations;
	}

	/**
	 * Browsing, search, task detail, history and bulk actions: they read Redis directly
	 * (page by page), so they need the connection factory and key layout the starter
	 * defines.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean({ RedisConnectionFactory.class, RedisKeys.class })
	static class BrowseConfiguration {

		@Bean
		@ConditionalOnMissingBean
		TaskPages asyncTaskPages(RedisConnectionFactory connectionFactory, RedisKeys keys,
				AsyncTaskProperties properties) {
			return new TaskPages(connectionFactory, keys, properties.getRedisTimeout());
		}

		@Bean
		@ConditionalOnMissingBean
		RedisHistory asyncTaskRedisHistory(RedisConnectionFactory connectionFactory, RedisKeys keys,
				AsyncTaskProperties properties) {
			return new RedisHistory(connectionFactory, keys, properties.getRedisTimeout());
		}

		/**
		 * Counts finished attempts into the history, one Redis call per queue every 2 s.
		 */
		@Bean
		@ConditionalOnMissingBean
		HistoryRecorder asyncTaskHistoryRecorder(RedisHistory history) {
			return new HistoryRecorder(history, Duration.ofSeconds(2));
		}

		@Bean
		@ConditionalOnMissingBean
		TaskBrowser asyncTaskBrowser(RedisBroker broker, TaskPages pages, RedisHistory history,
				ObjectProvider<TaskRegistry> registry, AsyncTaskProperties properties) {
			return new TaskBrowser(broker, pages, history, () -> {
				TaskRegistry tasks = registry.getIfAvailable();
				return (tasks != null) ? tasks.definitions().stream().map(TaskDefinition::name).toList() : List.of();
			}, properties.getConsole().isShowArguments());
		}

		@Bean
		@ConditionalOnMissingBean
		TaskActions asyncTaskActions(RedisConnectionFactory connectionFactory, RedisKeys keys,
				AsyncTaskProperties properties, TaskBrowser browser) {
			return new TaskActions(new BulkActions(connectionFactory, keys, properties.getRedisTimeout()), browser);
		}

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
		ConsoleApiController asyncTaskConsoleApiController(TaskOperations operations, AsyncTaskProperties properties,
				SensitiveValuesProperties values, ObjectProvider<TaskBrowser> browser,
				ObjectProvider<TaskActions> actions) {
			checkPath(properties.getConsole().getPath());
			return new ConsoleApiController(operations, properties.getConsole(), browser.getIfAvailable(),
					actions.getIfAvailable(), SensitiveValues.of(values));
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
