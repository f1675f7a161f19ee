package io.github.asynctask.autoconfigure.context;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.SubmitInterceptor;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.context.ContextValueCodec;
import io.github.asynctask.context.LocaleContextCodec;
import io.github.asynctask.context.SecurityContextCodec;
import io.github.asynctask.context.TaskContextPropagator;
import io.micrometer.context.ContextSnapshot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When {@link AsyncTaskContextAutoConfiguration} carries context, what it carries by
 * default, and when it stays out of the way.
 */
class AsyncTaskContextAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AsyncTaskContextAutoConfiguration.class));

	@AfterEach
	void clear() {
		MDC.clear();
	}

	@Test
	void carriesLocaleAndSecurityByDefaultAsOneBeanOnBothEnds() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(TaskContextPropagator.class)
				.hasSingleBean(LocaleContextCodec.class)
				.hasSingleBean(SecurityContextCodec.class);
			assertThat(context.getBean(SubmitInterceptor.class)).isSameAs(context.getBean(TaskInterceptor.class));
		});
	}

	@Test
	void carriesOnlyTheListedMdcKeys() {
		this.runner.withPropertyValues("async-task.context.mdc-keys=requestId,userAgent").run((context) -> {
			MDC.put("requestId", "r-1");
			MDC.put("traceId", "t-1");
			assertThat(headers(context.getBean(TaskContextPropagator.class))).containsEntry("context.mdc",
					"{\"requestId\":\"r-1\"}");
		});
	}

	@Test
	void noMdcKeysNoMdc() {
		this.runner.run((context) -> {
			MDC.put("requestId", "r-1");
			assertThat(headers(context.getBean(TaskContextPropagator.class))).doesNotContainKey("context.mdc");
		});
	}

	@Test
	void leavesSecurityOutWithoutSpringSecurityOrWhenSwitchedOff() {
		this.runner.withClassLoader(new FilteredClassLoader(SecurityContextHolder.class))
			.run((context) -> assertThat(context).hasSingleBean(TaskContextPropagator.class)
				.doesNotHaveBean(SecurityContextCodec.class));
		this.runner.withPropertyValues("async-task.context.security=false", "async-task.context.locale=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SecurityContextCodec.class)
				.doesNotHaveBean(LocaleContextCodec.class));
	}

	@Test
	void staysOutWithoutContextPropagationOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader(ContextSnapshot.class))
			.run((context) -> assertThat(context).doesNotHaveBean(TaskContextPropagator.class)
				.doesNotHaveBean(SubmitInterceptor.class));
	}

	@Test
	void staysOutWhenSwitchedOff() {
		this.runner.withPropertyValues("async-task.context.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(TaskContextPropagator.class));
		this.runner.withPropertyValues("async-task.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(TaskContextPropagator.class));
	}

	@Test
	void anApplicationsCodecWithoutAnAccessorStopsStartUpNamingIt() {
		this.runner
			.withBean("regionCodec", ContextValueCodec.class, () -> ContextValueCodec.ofString("region", "region"))
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("'region'")
				.hasMessageContaining("ContextRegistry.getInstance()"));
	}

	private static Map<String, String> headers(TaskContextPropagator propagator) {
		Map<String, String> headers = new LinkedHashMap<>();
		propagator.beforeSubmit(null, new Object[0], headers);
		return headers;
	}

}
