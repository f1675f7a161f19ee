package io.github.asynctask.autoconfigure.endpoint;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.autoconfigure.console.AsyncTaskConsoleAutoConfiguration;
import io.github.asynctask.batch.Batches;
import io.github.asynctask.autoconfigure.console.SensitiveValues;
import io.github.asynctask.autoconfigure.console.SensitiveValuesProperties;
import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.autoconfigure.console.TaskActions;
import io.github.asynctask.autoconfigure.console.TaskBrowser;
import io.github.asynctask.autoconfigure.console.BatchViews;
import io.github.asynctask.autoconfigure.console.TaskOperations;

import org.springframework.beans.factory.ObjectProvider;
import io.github.asynctask.autoconfigure.console.WriteAccess;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the {@code asynctask} actuator endpoint, present when the
 * actuator is on the classpath and the endpoint is available (exposed and accessible).
 */
@AutoConfiguration(after = AsyncTaskConsoleAutoConfiguration.class)
@ConditionalOnClass(ConditionalOnAvailableEndpoint.class)
@ConditionalOnBean(TaskOperations.class)
@EnableConfigurationProperties({ AsyncTaskProperties.class, SensitiveValuesProperties.class })
public final class AsyncTaskEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAvailableEndpoint
	AsyncTaskEndpoint asyncTaskEndpoint(TaskOperations operations, AsyncTaskProperties properties,
			SensitiveValuesProperties values, ObjectProvider<TaskBrowser> browser,
			ObjectProvider<TaskActions> actions) {
		return new AsyncTaskEndpoint(operations, new WriteAccess(properties.getConsole().getWriteRole()),
				browser.getIfAvailable(), actions.getIfAvailable(), SensitiveValues.of(values));
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(Batches.class)
	@ConditionalOnAvailableEndpoint
	AsyncTaskBatchEndpoint asyncTaskBatchEndpoint(AsyncTaskTemplate template, AsyncTaskProperties properties,
			ObjectProvider<BatchViews> views) {
		return new AsyncTaskBatchEndpoint(template, new WriteAccess(properties.getConsole().getWriteRole()),
				views.getIfAvailable());
	}

}
