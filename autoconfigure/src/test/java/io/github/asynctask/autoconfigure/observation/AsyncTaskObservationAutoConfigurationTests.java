package io.github.asynctask.autoconfigure.observation;

import java.util.List;

import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.autoconfigure.context.AsyncTaskContextAutoConfiguration;
import io.github.asynctask.context.TaskContextPropagator;
import io.github.asynctask.observation.TaskObservations;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When {@link AsyncTaskObservationAutoConfiguration} observes tasks, and when it stays
 * out of the way.
 */
class AsyncTaskObservationAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AsyncTaskObservationAutoConfiguration.class));

	@Test
	void observesWhenTheApplicationHasAnObservationRegistryOutermostAroundARun() {
		this.runner.withBean(ObservationRegistry.class, ObservationRegistry::create)
			.withUserConfiguration(OtherInterceptorConfiguration.class)
			.withConfiguration(AutoConfigurations.of(AsyncTaskContextAutoConfiguration.class))
			.run((context) -> {
				assertThat(context).hasSingleBean(TaskObservations.class);
				List<TaskInterceptor> ordered = context.getBeanProvider(TaskInterceptor.class).orderedStream().toList();
				assertThat(ordered).hasSize(3);
				assertThat(ordered.get(0)).as("the run's span wraps every other interceptor")
					.isInstanceOf(TaskObservations.class);
				assertThat(ordered.get(1)).as("then the caller's context").isInstanceOf(TaskContextPropagator.class);
			});
	}

	@Test
	void staysOutWithoutAnObservationRegistryBean() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(TaskObservations.class));
	}

	@Test
	void staysOutWithoutMicrometerObservationOnTheClasspath() {
		this.runner.withBean(ObservationRegistry.class, ObservationRegistry::create)
			.withClassLoader(new FilteredClassLoader(ObservationRegistry.class))
			.run((context) -> assertThat(context).doesNotHaveBean(TaskObservations.class));
	}

	@Test
	void staysOutWhenAsyncTaskIsDisabled() {
		this.runner.withBean(ObservationRegistry.class, ObservationRegistry::create)
			.withPropertyValues("async-task.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(TaskObservations.class));
	}

	@Test
	void backsOffForTheApplicationsOwn() {
		this.runner.withBean(ObservationRegistry.class, ObservationRegistry::create)
			.withBean("customObservations", TaskObservations.class,
					() -> new TaskObservations(ObservationRegistry.NOOP))
			.run((context) -> assertThat(context).hasSingleBean(TaskObservations.class)
				.getBean(TaskObservations.class)
				.isSameAs(context.getBean("customObservations")));
	}

	@Configuration(proxyBeanMethods = false)
	static class OtherInterceptorConfiguration {

		@Bean
		TaskInterceptor otherInterceptor() {
			return (execution, chain) -> chain.proceed();
		}

	}

}
