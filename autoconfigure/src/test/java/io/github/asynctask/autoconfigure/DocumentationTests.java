package io.github.asynctask.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cheap checks that the Markdown docs (README.md, CHANGELOG.md and docs/) still agree
 * with the code: every relative link points to a file that exists, and every
 * {@code async-task.*} property they name is in the configuration metadata.
 */
class DocumentationTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

	private static final Pattern PROPERTY = Pattern.compile("(?<![\\w.-])async-task\\.[a-z0-9.-]*[a-z0-9]");

	/**
	 * Not checked below these: maps whose keys are the user's (queue and schedule names),
	 * and the test module's own keys (set by {@code @AutoConfigureAsyncTask}).
	 */
	private static final List<String> UNCHECKED = List.of("async-task.queues.", "async-task.schedules.",
			"async-task.test.");

	@Test
	void everyRelativeLinkPointsToAFileThatExists() throws IOException {
		List<String> broken = new ArrayList<>();
		int checked = 0;
		for (Path page : pages()) {
			Matcher links = LINK.matcher(Files.readString(page));
			while (links.find()) {
				String target = links.group(1);
				if (target.contains("://") || target.startsWith("#") || target.startsWith("mailto:")) {
					continue;
				}
				String file = target.replaceFirst("#.*$", "");
				checked++;
				if (!Files.exists(page.getParent().resolve(file))) {
					broken.add(ROOT.relativize(page) + " -> " + target);
				}
			}
		}
		assertThat(checked).as("relative links found").isGreaterThan(50);
		assertThat(broken).as("links to files that do not exist").isEmpty();
	}

	@Test
	void everyPropertyTheDocsNameExists() throws IOException {
		Set<String> known = knownProperties();
		Set<String> unknown = new TreeSet<>();
		for (Path page : pages()) {
			Matcher properties = PROPERTY.matcher(Files.readString(page));
			while (properties.find()) {
				String name = properties.group();
				boolean unchecked = UNCHECKED.stream().anyMatch(name::startsWith);
				if (!known.contains(name) && !unchecked
						&& known.stream().noneMatch((key) -> key.startsWith(name + "."))) {
					unknown.add(name + " (" + ROOT.relativize(page) + ")");
				}
			}
		}
		assertThat(unknown).as("async-task.* properties named in the docs but not in the metadata").isEmpty();
	}

	private static List<Path> pages() throws IOException {
		List<Path> pages = new ArrayList<>();
		pages.add(ROOT.resolve("README.md"));
		pages.add(ROOT.resolve("CHANGELOG.md"));
		try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
			docs.filter((path) -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
		}
		return pages;
	}

	private static Set<String> knownProperties() throws IOException {
		Set<String> names = new TreeSet<>();
		try (InputStream in = new ClassPathResource("META-INF/spring-configuration-metadata.json").getInputStream()) {
			JsonNode metadata = JsonMapper.builder().build().readTree(in);
			metadata.get("properties").forEach((property) -> names.add(property.get("name").asString()));
		}
		return names;
	}

}
