package io.github.asynctask.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the configuration metadata generated from {@link AsyncTaskProperties} (merged
 * with the additional metadata), which is what IDEs complete {@code async-task.*} from.
 */
class AsyncTaskPropertiesMetadataTests {

	private static final List<String> KEYS = List.of("async-task.enabled", "async-task.key-prefix",
			"async-task.max-payload-size", "async-task.strict-redis", "async-task.direct-submits", "async-task.lease",
			"async-task.shutdown-timeout", "async-task.queues", "async-task.queues.default.concurrency",
			"async-task.queues.default.enabled", "async-task.queues.default.shards", "async-task.worker.enabled",
			"async-task.worker.concurrency", "async-task.worker.poll-interval", "async-task.worker.heartbeat-interval",
			"async-task.worker.unknown-task-grace", "async-task.worker.virtual-threads",
			"async-task.worker.direct-calls", "async-task.defaults.max-retries", "async-task.defaults.timeout",
			"async-task.defaults.dedup-ttl", "async-task.defaults.backoff.policy", "async-task.defaults.backoff.delay",
			"async-task.defaults.backoff.multiplier", "async-task.defaults.backoff.max-delay",
			"async-task.retention.completed", "async-task.retention.dead", "async-task.retention.dead-max",
			"async-task.retention.completed-ids", "async-task.console.enabled", "async-task.console.path",
			"async-task.console.show-arguments", "async-task.console.writes-enabled", "async-task.console.write-role",
			"async-task.console.refresh-interval", "async-task.metrics.queue-refresh-interval",
			"async-task.redis-timeout", "async-task.schedules", "async-task.schedules.max-catch-up",
			"async-task.context.enabled", "async-task.context.mdc-keys", "async-task.context.locale",
			"async-task.context.security", "async-task.defaults.wait-timeout", "async-task.retention.results",
			"async-task.results.max-waiting", "async-task.results.submit-timeout", "async-task.pools",
			// crash-safe submits
			"async-task.outbox.enabled", "async-task.outbox.table", "async-task.outbox.initialize-schema",
			"async-task.outbox.relay-after", "async-task.outbox.relay-interval", "async-task.outbox.relay-batch-size");

	// Defaults computed from other keys, or empty collections (the metadata shows none).
	private static final List<String> COMPUTED_DEFAULTS = List.of("async-task.queues", "async-task.schedules",
			"async-task.pools", "async-task.queues.default.concurrency", "async-task.worker.heartbeat-interval",
			"async-task.worker.virtual-threads", "async-task.context.mdc-keys");

	@Test
	void everyPropertyIsDescribedWithItsDefault() throws IOException {
		JsonNode metadata = read();
		List<String> names = new ArrayList<>();
		for (JsonNode property : metadata.get("properties")) {
			String name = property.get("name").asString();
			if (!name.startsWith("async-task.") || property.has("deprecation")) {
				continue; // the actuator endpoint's own management.endpoint.asynctask.*
							// keys; keys that were renamed
			}
			names.add(name);
			assertThat(property.path("description").asString()).as("description of %s", name).isNotBlank();
			// defaults computed from other keys: the worker concurrency, a third of the
			// lease
			if (!COMPUTED_DEFAULTS.contains(name)) {
				assertThat(property.has("defaultValue")).as("default of %s", name).isTrue();
			}
		}
		assertThat(names).containsExactlyInAnyOrderElementsOf(KEYS);
	}

	@Test
	void theRenamedMaxCatchUpNamesItsReplacement() throws IOException {
		JsonNode renamed = null;
		for (JsonNode property : read().get("properties")) {
			if (property.get("name").asString().equals("async-task.defaults.max-catch-up")) {
				renamed = property;
			}
		}
		assertThat(renamed).isNotNull();
		assertThat(renamed.get("deprecation").get("level").asString()).isEqualTo("error");
		assertThat(renamed.get("deprecation").get("replacement").asString())
			.isEqualTo("async-task.schedules.max-catch-up");
	}

	@Test
	void backoffPolicyValuesAreHinted() throws IOException {
		List<String> values = new ArrayList<>();
		for (JsonNode hint : read().get("hints")) {
			if (hint.get("name").asString().equals("async-task.defaults.backoff.policy")) {
				hint.get("values").forEach((value) -> values.add(value.get("value").asString()));
			}
		}
		assertThat(values).containsExactly("polynomial", "fixed", "exponential");
	}

	private JsonNode read() throws IOException {
		try (InputStream in = new ClassPathResource("META-INF/spring-configuration-metadata.json").getInputStream()) {
			return JsonMapper.builder().build().readTree(in);
		}
	}

}
