package io.github.asynctask.autoconfigure.console;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.batch.Batches;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.store.BatchStore;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Batches in the console and the endpoint: {@link BatchViews} wherever batches are on,
 * and the console's batch JSON ({@link BatchApiController}) when the console is.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBean({ BatchStore.class, Batches.class })
class BatchConsoleConfiguration {

	@Bean
	@ConditionalOnMissingBean
	BatchViews asyncTaskBatchViews(BatchStore store, Batches batches, RedisBroker broker) {
		return new BatchViews(store, batches, broker);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(WebMvcConfigurer.class)
	@ConditionalOnBooleanProperty("async-task.console.enabled")
	static class BatchWebConfiguration {

		@Bean
		@ConditionalOnMissingBean
		BatchApiController asyncTaskBatchApiController(BatchViews views, AsyncTaskProperties properties) {
			return new BatchApiController(views, new ConsoleWrites(properties.getConsole()));
		}

	}

}
