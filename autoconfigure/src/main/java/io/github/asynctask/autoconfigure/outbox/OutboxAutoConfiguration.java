package io.github.asynctask.autoconfigure.outbox;

import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.autoconfigure.console.Views;
import io.github.asynctask.outbox.JdbcSubmitOutbox;
import io.github.asynctask.outbox.OutboxBacklog;
import io.github.asynctask.outbox.OutboxCleaner;
import io.github.asynctask.outbox.OutboxMeters;
import io.github.asynctask.outbox.OutboxRelay;
import io.github.asynctask.outbox.OutboxSchema;
import io.github.asynctask.outbox.OutboxTable;
import io.github.asynctask.redis.RedisBroker;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of crash-safe submits: with {@code async-task-outbox} on the
 * classpath, a {@link DataSource} and {@code async-task.outbox.enabled=true}, the
 * submitter writes the submits of a transaction on that DataSource to the outbox table in
 * the transaction, and every instance runs a relay. The table is checked (and created,
 * per {@code async-task.outbox.initialize-schema}) at start-up, and so is the
 * completed-ids window against the relay's delay ({@link CompletedIdsWindowCheck}).
 */
@AutoConfiguration(after = AsyncTaskAutoConfiguration.class,
		afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration" })
@ConditionalOnClass({ JdbcSubmitOutbox.class, DataSource.class })
@ConditionalOnBean({ DataSource.class, RedisBroker.class })
@ConditionalOnBooleanProperty("async-task.outbox.enabled")
@EnableConfigurationProperties(OutboxProperties.class)
public final class OutboxAutoConfiguration {

	/** How long the backlog count is reused by gauges, endpoint and console. */
	static final Duration BACKLOG_CACHE = Duration.ofSeconds(5);

	@Bean
	@ConditionalOnMissingBean
	OutboxTable asyncTaskOutboxTable(OutboxProperties properties, DataSource dataSource) {
		OutboxTable table = new OutboxTable(properties.getTable());
		new OutboxSchema(dataSource, table).initialize(properties.getInitializeSchema());
		return table;
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	OutboxCleaner asyncTaskOutboxCleaner(DataSource dataSource, OutboxTable table) {
		return new OutboxCleaner(dataSource, table);
	}

	@Bean
	@ConditionalOnMissingBean
	JdbcSubmitOutbox asyncTaskOutbox(DataSource dataSource, OutboxTable table, OutboxCleaner cleaner,
			OutboxProperties outbox, AsyncTaskProperties properties) {
		CompletedIdsWindowCheck.check(properties.getRetention().getCompletedIds(), outbox);
		return new JdbcSubmitOutbox(dataSource, table, cleaner, Clock.systemUTC());
	}

	@Bean(initMethod = "start", destroyMethod = "close")
	@ConditionalOnMissingBean
	OutboxRelay asyncTaskOutboxRelay(DataSource dataSource, OutboxTable table, RedisBroker broker,
			OutboxProperties properties) {
		return new OutboxRelay(dataSource, table, broker, new OutboxRelay.Settings(properties.getRelayAfter(),
				properties.getRelayInterval(), properties.getRelayBatchSize()), Clock.systemUTC());
	}

	@Bean
	@ConditionalOnMissingBean
	OutboxBacklog asyncTaskOutboxBacklog(DataSource dataSource, OutboxTable table) {
		return new OutboxBacklog(dataSource, table, Clock.systemUTC(), BACKLOG_CACHE);
	}

	// the backlog for the endpoint and console overview
	@Bean
	Views.OutboxBacklogSource asyncTaskOutboxBacklogSource(OutboxBacklog backlog) {
		return () -> {
			OutboxBacklog.Snapshot snapshot = backlog.current();
			return new Views.OutboxView(backlog.table(), snapshot.rows(), snapshot.oldest().toSeconds());
		};
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	static class OutboxMetersConfiguration {

		@Bean
		@ConditionalOnMissingBean
		OutboxMeters asyncTaskOutboxMeters(OutboxBacklog backlog, OutboxRelay relay) {
			return new OutboxMeters(backlog, relay);
		}

	}

}
