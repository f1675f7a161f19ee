package io.github.asynctask.sample;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.convert.DurationStyle;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps {@code docs/configuration.md} in step with the properties: every key of the
 * generated configuration metadata has a row, with the same default.
 */
class DocsConfigurationTests {

	@Test
	void everyPropertyHasARowWithItsDefault() throws IOException {
		String page = Files.readString(Path.of("..", "docs", "configuration.md"));
		JsonNode properties = asyncTaskMetadata().get("properties");
		assertThat(properties.size()).isGreaterThan(20);
		for (JsonNode property : properties) {
			String name = property.get("name").asString();
			if (!name.startsWith("async-task.") || property.has("deprecation")) {
				continue; // the actuator's management.endpoint.asynctask.* keys are
							// Spring Boot's to document; renamed keys have no row
			}
			Matcher row = Pattern.compile("^\\| `" + Pattern.quote(name) + "` \\| ([^|]*) \\|", Pattern.MULTILINE)
				.matcher(page);
			assertThat(row.find()).as("row of %s in configuration.md", name).isTrue();
			if (property.has("defaultValue")) {
				String documented = row.group(1).replace("`", "").strip();
				assertThat(sameValue(documented, property.get("defaultValue").asString()))
					.as("default of %s: documented %s, metadata %s", name, documented, property.get("defaultValue"))
					.isTrue();
			}
		}
	}

	private static boolean sameValue(String documented, String metadata) {
		if (documented.equals(metadata)) {
			return true;
		}
		try {
			return Double.parseDouble(documented) == Double.parseDouble(metadata);
		}
		catch (NumberFormatException ex) {
			// not numbers; try durations
		}
		try {
			Duration a = DurationStyle.detectAndParse(documented);
			Duration b = DurationStyle.detectAndParse(metadata);
			return a.equals(b);
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

	private static JsonNode asyncTaskMetadata() throws IOException {
		JsonMapper mapper = JsonMapper.builder().build();
		for (URL url : Collections.list(getClassLoader().getResources("META-INF/spring-configuration-metadata.json"))) {
			try (InputStream in = url.openStream()) {
				JsonNode metadata = mapper.readTree(in);
				if (metadata.path("groups").toString().contains("\"async-task\"")) {
					return metadata;
				}
			}
		}
		throw new AssertionError("No configuration metadata of async-task on the classpath");
	}

	private static ClassLoader getClassLoader() {
		return DocsConfigurationTests.class.getClassLoader();
	}

}
