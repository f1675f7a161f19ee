package io.github.asynctask.redis.script;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shared {@code lib.lua}, split into its top-level definitions so that each script
 * carries only the helpers it calls. Redis runs a cached script's whole text on every
 * call, and each {@code local function} of the library is a closure made anew each time:
 * the full library cost about 4 µs per call on a bare Redis 7.0, most of it helpers the
 * script never calls.
 * <p>
 * A definition starts at a line that begins with {@code local} (the comment lines right
 * above it go with it) and runs to the next one; the text before the first one (the
 * header) is always kept. A definition is kept when the script, or a kept definition,
 * names it; the kept ones stay in the library's order, so each still sees the helpers
 * defined above it. A name in a comment keeps its definition too, which costs a closure,
 * never correctness.
 */
final class LuaLibrary {

	private static final Pattern DEFINITION = Pattern
		.compile("^local\\s+(?:function\\s+([A-Za-z_]\\w*)|([A-Za-z_][\\w\\s,]*?)\\s*=)");

	private static final Pattern NAME = Pattern.compile("[A-Za-z_]\\w*");

	private final String header;

	private final List<Definition> definitions;

	private final Map<String, Definition> byName = new HashMap<>();

	private LuaLibrary(String header, List<Definition> definitions) {
		this.header = header;
		this.definitions = definitions;
		definitions.forEach((definition) -> definition.names().forEach((name) -> this.byName.put(name, definition)));
	}

	/**
	 * Split a library's text.
	 * @throws IllegalStateException for a top-level line after the first definition that
	 * starts none and cannot belong to one (a statement the split would drop)
	 */
	static LuaLibrary parse(String source) {
		String[] lines = source.split("\n", -1);
		List<Definition> definitions = new ArrayList<>();
		int headerEnd = -1;
		int start = -1;
		for (int i = 0; i < lines.length; i++) {
			Matcher matcher = DEFINITION.matcher(lines[i]);
			if (matcher.find()) {
				int first = firstCommentAbove(lines, i, (start < 0) ? 0 : start + 1);
				if (start < 0) {
					headerEnd = first;
				}
				else {
					definitions.add(definition(lines, start, first));
				}
				start = first;
			}
			else if (start >= 0 && !continues(lines[i])) {
				throw new IllegalStateException("lib.lua line " + (i + 1) + " is a top-level statement after the"
						+ " first definition; move it into the header or into a definition: " + lines[i]);
			}
		}
		if (start < 0) {
			return new LuaLibrary(source, List.of());
		}
		definitions.add(definition(lines, start, lines.length));
		return new LuaLibrary(String.join("\n", List.of(lines).subList(0, headerEnd)), definitions);
	}

	/**
	 * The header and the definitions {@code script} needs, directly or through other
	 * definitions, in the library's order.
	 */
	String forScript(String script) {
		Set<Definition> kept = new LinkedHashSet<>();
		List<String> toRead = new ArrayList<>(List.of(script));
		while (!toRead.isEmpty()) {
			Matcher names = NAME.matcher(toRead.remove(toRead.size() - 1));
			while (names.find()) {
				Definition definition = this.byName.get(names.group());
				if (definition != null && kept.add(definition)) {
					toRead.add(definition.text());
				}
			}
		}
		StringBuilder out = new StringBuilder(this.header);
		for (Definition definition : this.definitions) {
			if (kept.contains(definition)) {
				out.append('\n').append(definition.text());
			}
		}
		return out.toString();
	}

	/** The names the library defines at its top level, in order. */
	List<String> names() {
		return this.definitions.stream().flatMap((definition) -> definition.names().stream()).toList();
	}

	private static int firstCommentAbove(String[] lines, int line, int floor) {
		int first = line;
		while (first > floor && lines[first - 1].startsWith("--") && !lines[first - 1].startsWith("--[[")) {
			first--;
		}
		return first;
	}

	/** Whether a line can be part of the definition above it. */
	private static boolean continues(String line) {
		return line.isEmpty() || Character.isWhitespace(line.charAt(0)) || line.startsWith("--")
				|| line.startsWith("end") || line.startsWith("}") || line.startsWith(")") || line.startsWith("]]");
	}

	private static Definition definition(String[] lines, int from, int to) {
		String text = String.join("\n", List.of(lines).subList(from, to));
		Matcher matcher = DEFINITION.matcher(lines[firstCodeLine(lines, from)]);
		if (!matcher.find()) {
			throw new IllegalStateException("lib.lua line " + (from + 1) + " starts no definition");
		}
		String names = (matcher.group(1) != null) ? matcher.group(1) : matcher.group(2);
		List<String> list = new ArrayList<>();
		for (String name : names.split(",")) {
			list.add(name.strip());
		}
		return new Definition(List.copyOf(list), text);
	}

	private static int firstCodeLine(String[] lines, int from) {
		int line = from;
		while (lines[line].startsWith("--")) {
			line++;
		}
		return line;
	}

	private record Definition(List<String> names, String text) {
	}

}
