package io.github.asynctask.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;

/**
 * Finds queue settings that Spring Boot drops without a word: in
 * {@code async-task.queues.orders.eu.concurrency} the map key is {@code orders}, whose
 * settings have no {@code eu}, so {@code orders.eu} keeps its defaults. A queue name with
 * dots goes in brackets: {@code async-task.queues[orders.eu].concurrency}.
 */
final class DottedQueueKeys {

	private static final Logger logger = LoggerFactory.getLogger(DottedQueueKeys.class);

	private static final ConfigurationPropertyName QUEUES = ConfigurationPropertyName.of("async-task.queues");

	private DottedQueueKeys() {
	}

	/** The settings under {@code async-task.queues} whose queue name needs brackets. */
	static List<ConfigurationPropertyName> find(Environment environment) {
		return sources(environment).stream()
			.flatMap(IterableConfigurationPropertySource::stream)
			.filter(QUEUES::isAncestorOf)
			.filter((name) -> name.getNumberOfElements() > QUEUES.getNumberOfElements() + 2)
			.distinct()
			.toList();
	}

	/** Logs one WARN per setting that binds to no queue, with its bracket form. */
	static void warn(Environment environment) {
		for (ConfigurationPropertyName name : find(environment)) {
			int last = name.getNumberOfElements() - 1;
			String queue = name.subName(QUEUES.getNumberOfElements())
				.chop(last - QUEUES.getNumberOfElements())
				.toString();
			logger.warn(
					"{} sets nothing: a queue name with dots goes in brackets, e.g. async-task.queues[{}].{}; "
							+ "without them the setting belongs to no queue and '{}' keeps its defaults",
					name, queue, name.getLastElement(ConfigurationPropertyName.Form.DASHED), queue);
		}
	}

	private static List<IterableConfigurationPropertySource> sources(Environment environment) {
		Iterable<ConfigurationPropertySource> all = ConfigurationPropertySources.get(environment);
		List<IterableConfigurationPropertySource> iterable = new ArrayList<>();
		all.forEach((source) -> {
			if (source instanceof IterableConfigurationPropertySource it) {
				iterable.add(it);
			}
		});
		return iterable;
	}

}
