package io.github.asynctask.reliability;

import java.util.LinkedHashMap;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The application database of the outbox scenario (PostgreSQL, a schema per run), for a
 * context whose arguments carry {@code outboxUrl}: a DataSource, its transaction manager,
 * and the {@code async-task.outbox.*} properties that turn the outbox on with a quick
 * relay.
 */
@Configuration(proxyBeanMethods = false)
class OutboxDatabase {

	static final String URL = "outboxUrl";

	static Map<String, Object> properties(ReliabilityConfiguration.Args args) {
		Map<String, Object> properties = new LinkedHashMap<>();
		if (args.values().containsKey(URL)) {
			properties.put("async-task.outbox.enabled", "true");
			properties.put("async-task.outbox.initialize-schema", "always");
			properties.put("async-task.outbox.relay-after", args.get("relayAfter", "1000") + "ms");
			properties.put("async-task.outbox.relay-interval", args.get("relayInterval", "200") + "ms");
		}
		return properties;
	}

	@Bean
	DataSource dataSource(ReliabilityConfiguration.Args args) {
		return new DriverManagerDataSource(args.get(URL), args.get("outboxUser", "postgres"), "");
	}

	@Bean
	DataSourceTransactionManager transactionManager(DataSource dataSource) {
		return new DataSourceTransactionManager(dataSource);
	}

	@Bean
	TransactionTemplate transactionTemplate(DataSourceTransactionManager transactionManager) {
		return new TransactionTemplate(transactionManager);
	}

}
