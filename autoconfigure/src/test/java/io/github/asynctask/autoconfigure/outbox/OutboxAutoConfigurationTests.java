package io.github.asynctask.autoconfigure.outbox;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.submit.SubmitOutbox;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Start-up checks of {@link OutboxAutoConfiguration} that need no Redis (Spring Boot's
 * connection factory connects lazily): the completed-ids window must cover how long a row
 * that already reached Redis can wait for the relay, or a row sent again after its task
 * completed would run it twice.
 */
class OutboxAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, DataSourceAutoConfiguration.class,
				AsyncTaskAutoConfiguration.class, OutboxAutoConfiguration.class))
		.withPropertyValues("spring.datasource.generate-unique-name=true", "async-task.outbox.enabled=true",
				"async-task.worker.enabled=false");

	@Test
	void theDefaultsStart() {
		this.runner.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(SubmitOutbox.class));
	}

	@Test
	void aCompletedIdsWindowShorterThanARowCanWaitForTheRelayRefusesStartUpNamingBothProperties() {
		this.runner.withPropertyValues("async-task.retention.completed-ids=1m", "async-task.outbox.relay-after=2m")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("async-task.retention.completed-ids (PT1M)")
				.hasMessageContaining("async-task.outbox.relay-after (PT2M)")
				.hasMessageContaining("async-task.outbox.relay-interval (PT1S)"));
	}

	@Test
	void noCompletedIdsWindowAtAllIsRefusedWithTheOutbox() {
		this.runner.withPropertyValues("async-task.retention.completed-ids=0s")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("async-task.retention.completed-ids (PT0S)"));
	}

	@Test
	void theWindowIsNotCheckedWithoutTheOutbox() {
		this.runner.withPropertyValues("async-task.outbox.enabled=false", "async-task.retention.completed-ids=0s")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SubmitOutbox.class));
	}

}
