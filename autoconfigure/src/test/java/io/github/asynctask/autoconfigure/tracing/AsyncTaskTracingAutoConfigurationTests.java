package io.github.asynctask.autoconfigure.tracing;

import java.util.List;

import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.tracing.TracingSubmitInterceptor;
import io.github.asynctask.tracing.TracingTaskInterceptor;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When {@link AsyncTaskTracingAutoConfiguration} adds the tracing interceptors, and when
 * it stays out of the way.
 */
class AsyncTaskTracingAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AsyncTaskTracingAutoConfiguration.class));

	@Test
	void addsBothInterceptorsWhenTheApplicationHasATracerAndAPropagator() {
		this.runner.withUserConfiguration(TracingConfiguration.class, OtherInterceptorConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(TracingSubmitInterceptor.class)
					.hasSingleBean(TracingTaskInterceptor.class);
				List<TaskInterceptor> ordered = context.getBeanProvider(TaskInterceptor.class).orderedStream().toList();
				assertThat(ordered).hasSize(2)
					.first()
					.as("the run's span wraps every other interceptor")
					.isInstanceOf(TracingTaskInterceptor.class);
			});
	}

	@Test
	void staysOutWithoutATracerBean() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(TracingSubmitInterceptor.class)
			.doesNotHaveBean(TracingTaskInterceptor.class));
	}

	@Test
	void staysOutWithoutMicrometerTracingOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader(Tracer.class))
			.run((context) -> assertThat(context).doesNotHaveBean(TracingSubmitInterceptor.class)
				.doesNotHaveBean(TracingTaskInterceptor.class));
	}

	@Test
	void staysOutWhenAsyncTaskIsDisabled() {
		this.runner.withUserConfiguration(TracingConfiguration.class)
			.withPropertyValues("async-task.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(TracingTaskInterceptor.class));
	}

	@Test
	void backsOffForTheApplicationsOwnInterceptor() {
		this.runner.withUserConfiguration(TracingConfiguration.class, CustomInterceptorConfiguration.class)
			.run((context) -> assertThat(context).hasSingleBean(TracingTaskInterceptor.class)
				.getBean(TracingTaskInterceptor.class)
				.isSameAs(context.getBean("customTracingInterceptor")));
	}

	@Configuration(proxyBeanMethods = false)
	static class TracingConfiguration {

		private final InMemoryTracing tracing = new InMemoryTracing();

		@Bean
		Tracer tracer() {
			return this.tracing.tracer;
		}

		@Bean
		Propagator propagator() {
			return this.tracing.propagator;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OtherInterceptorConfiguration {

		@Bean
		TaskInterceptor otherInterceptor() {
			return (execution, chain) -> chain.proceed();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomInterceptorConfiguration {

		@Bean
		TracingTaskInterceptor customTracingInterceptor(Tracer tracer, Propagator propagator) {
			return new TracingTaskInterceptor(tracer, propagator);
		}

	}

}
