package io.github.asynctask.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The BOM ({@code bom/pom.xml}) has no parent, so nothing keeps it in step with the build
 * but this: its version is the project's, and it manages every module an application
 * uses.
 */
class BomTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	@Test
	void theBomHasTheProjectVersionAndManagesEveryPublishedModule() throws Exception {
		String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
		String parent = Files.readString(ROOT.resolve("pom.xml"));
		assertThat(first(bom, "<artifactId>async-task-bom</artifactId>\\s*<version>([^<]+)</version>"))
			.isEqualTo(first(parent, "<artifactId>async-task-parent</artifactId>\\s*<version>([^<]+)</version>"));
		assertThat(bom).doesNotContain("<parent>");
		assertThat(all(bom, "<artifactId>(async-task-[a-z-]+)</artifactId>")).containsExactly("async-task-bom",
				"async-task-core", "async-task-outbox", "async-task-spring-boot-autoconfigure",
				"async-task-spring-boot-starter", "async-task-spring-boot-test");
	}

	private static String first(String text, String regex) {
		Matcher matcher = Pattern.compile(regex).matcher(text);
		assertThat(matcher.find()).as(regex).isTrue();
		return matcher.group(1);
	}

	private static List<String> all(String text, String regex) {
		List<String> found = new ArrayList<>();
		Matcher matcher = Pattern.compile(regex).matcher(text);
		while (matcher.find()) {
			found.add(matcher.group(1));
		}
		return found;
	}

}
