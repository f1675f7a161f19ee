package io.github.asynctask.benchmarks;

import java.sql.SQLException;

import javax.sql.DataSource;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.context.AsyncTaskContextAutoConfiguration;
import io.github.asynctask.autoconfigure.outbox.OutboxAutoConfiguration;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The application of the async-task row, as a user's application with the starter has it:
 * Spring Boot's Redis and Jackson auto-configuration and async-task's own, set up by
 * {@code spring.data.redis.*} and {@code async-task.*} properties; plus an H2 transaction
 * manager for the after-commit batch and the {@link NoopTasks} bean. The
 * auto-configuration classes are named rather than scanned so the peers' jars on this
 * classpath (Rqueue brings its own) stay out of it.
 */
@Configuration(proxyBeanMethods = false)
@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, JacksonAutoConfiguration.class,
		AsyncTaskAutoConfiguration.class, AsyncTaskContextAutoConfiguration.class, OutboxAutoConfiguration.class })
class AsyncTaskStackConfiguration {

	@Bean
	NoopTasks noopTasks() {
		return new NoopTasks();
	}

	@Bean
	DataSource dataSource(Environment environment) throws SQLException {
		if (environment.getProperty(OutboxScenario.POOLED, Boolean.class, false)) {
			return OutboxScenario.pool();
		}
		SingleConnectionDataSource dataSource = new SingleConnectionDataSource("jdbc:h2:mem:bench;DB_CLOSE_DELAY=-1",
				true);
		dataSource.setDriverClassName("org.h2.Driver");
		return dataSource;
	}

	@Bean
	TransactionTemplate transactionTemplate(DataSource dataSource) {
		return new TransactionTemplate(new DataSourceTransactionManager(dataSource));
	}

}
