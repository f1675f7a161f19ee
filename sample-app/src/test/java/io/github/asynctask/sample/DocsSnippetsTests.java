package io.github.asynctask.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the code in {@code docs/} compiling: every block introduced by
 * {@code <!-- snippet: path#tag -->} must equal the region between {@code tag::tag[]} and
 * {@code end::tag[]} of that file (indentation aside).
 */
class DocsSnippetsTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final Pattern SNIPPET = Pattern.compile("<!-- snippet: ([^#]+)#(\\S+) -->\\R```[a-z]*\\R(.*?)\\R```",
			Pattern.DOTALL);

	@Test
	void everySnippetMatchesTheSampleSource() throws IOException {
		List<String> checked = new ArrayList<>();
		try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
			for (Path page : pages.filter((p) -> p.toString().endsWith(".md")).toList()) {
				Matcher matcher = SNIPPET.matcher(Files.readString(page));
				while (matcher.find()) {
					String where = page.getFileName() + " -> " + matcher.group(1) + "#" + matcher.group(2);
					assertThat(normalize(matcher.group(3))).as(where)
						.isEqualTo(normalize(region(ROOT.resolve(matcher.group(1)), matcher.group(2))));
					checked.add(where);
				}
			}
		}
		assertThat(checked).hasSizeGreaterThanOrEqualTo(10);
	}

	private static String region(Path source, String tag) throws IOException {
		List<String> lines = Files.readAllLines(source);
		int start = indexOf(lines, "tag::" + tag + "[]", source);
		int end = indexOf(lines, "end::" + tag + "[]", source);
		return String.join("\n", lines.subList(start + 1, end));
	}

	private static int indexOf(List<String> lines, String marker, Path source) {
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).contains(marker)) {
				return i;
			}
		}
		throw new AssertionError("No " + marker + " in " + source);
	}

	private static List<String> normalize(String code) {
		return code.lines().map(String::strip).filter((line) -> !line.isEmpty()).toList();
	}

}
