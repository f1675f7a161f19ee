package io.github.asynctask.autoconfigure.metrics;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.metrics.MicrometerTaskListener;
import io.github.asynctask.metrics.QueueMetrics;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

class AsyncTaskMetricsAutoConfigurationTests {

	// Never started: these tests only look at which beans exist.
	private final RedisBroker broker = new LuaRedisBroker(new LettuceConnectionFactory(), new RedisKeys("t"));

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AsyncTaskMetricsAutoConfiguration.class));

	@Test
	void registersTheListenerAndQueueGaugesWithARegistryAndABroker() {
		this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withBean(RedisBroker.class, () -> this.broker)
			.run((context) -> {
				assertThat(context).hasSingleBean(MicrometerTaskListener.class)
					.hasSingleBean(io.github.asynctask.metrics.MicrometerScheduleListener.class)
					.hasSingleBean(QueueMetrics.class);
				assertThat(context.getBean(MeterRegistry.class).find(MicrometerTaskListener.RESEND_BUFFER).gauge())
					.isNotNull();
			});
	}

	@Test
	void backsOffWithoutAMeterRegistryBean() {
		this.runner.withBean(RedisBroker.class, () -> this.broker)
			.run((context) -> assertThat(context).doesNotHaveBean(MicrometerTaskListener.class)
				.doesNotHaveBean(QueueMetrics.class));
	}

	@Test
	void backsOffWithoutABroker() {
		this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.run((context) -> assertThat(context).doesNotHaveBean(MicrometerTaskListener.class));
	}

	@Test
	void backsOffCleanlyWhenMicrometerIsNotOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.withBean(RedisBroker.class, () -> this.broker)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(MicrometerTaskListener.class));
	}

	@Test
	void queueRefreshIntervalIsConfigurable() {
		this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withBean(RedisBroker.class, () -> this.broker)
			.withPropertyValues("async-task.metrics.queue-refresh-interval=30s")
			.run((context) -> assertThat(
					context.getBean(AsyncTaskProperties.class).getMetrics().getQueueRefreshInterval())
				.hasSeconds(30));
	}

}
