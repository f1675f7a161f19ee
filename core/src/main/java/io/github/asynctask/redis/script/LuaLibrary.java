package io.github.asynctask.redis.script;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.MatchResult;
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
 * <p>
 * A script may mark one block whose helpers are made only when the block runs: its first
 * line {@value #BLOCK_START}, its last {@value #BLOCK_END}, both inside one Lua block
 * (the body of an {@code if}, say). The helpers that only the block's text needs (and
 * what they use) are defined right after its first line instead of in front of the
 * script, as locals of the block: a call that never enters it does not make them (each
 * closure costs a lookup per variable it captures, about 22k instructions for the general
 * path of {@code dequeue}).
 */
final class LuaLibrary {

	private static final Pattern DEFINITION = Pattern
		.compile("^local\\s+(?:function\\s+([A-Za-z_]\\w*)|([A-Za-z_][\\w\\s,]*?)\\s*=)");

	private static final Pattern NAME = Pattern.compile("[A-Za-z_]\\w*");

	/** The line that opens a script's block of helpers made only when it runs. */
	static final String BLOCK_START = "-- lib.lua: the helpers only this block calls are defined here";

	/** The line that closes it. */
	static final String BLOCK_END = "-- lib.lua: end of the block";

	private static final Pattern BLOCK_LINE = Pattern
		.compile("(?m)^[ \\t]*(" + Pattern.quote(BLOCK_START) + "|" + Pattern.quote(BLOCK_END) + ")[ \\t]*$");

	/**
	 * Whole-line comments, and block comments that start a line ({@code --[[ ... ]]}).
	 */
	private static final Pattern COMMENT_LINES = Pattern.compile("(?m)^[ \\t]*--\\[\\[[\\s\\S]*?\\]\\]|^[ \\t]*--.*$");

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
	 * The full text of {@code script}: the header and the definitions it needs in front,
	 * except those only its marked block needs, which go into the block.
	 * @throws IllegalStateException for a block marked with a start and no end, or twice
	 */
	String assemble(String script) {
		Matcher lines = BLOCK_LINE.matcher(script);
		List<MatchResult> marks = lines.results().toList();
		if (marks.isEmpty()) {
			return forScript(script) + "\n" + script;
		}
		if (marks.size() != 2 || !marks.get(0).group(1).equals(BLOCK_START)
				|| !marks.get(1).group(1).equals(BLOCK_END)) {
			throw new IllegalStateException("a script's block of helpers needs one line '" + BLOCK_START
					+ "' and, after it, one line '" + BLOCK_END + "'");
		}
		int bodyStart = marks.get(0).end() + 1;
		int bodyEnd = marks.get(1).start();
		// outside the block, a name in a comment line makes no helper eager: the block's
		// helpers are often named in the script's header and in other helpers' comments
		Set<Definition> eager = kept(script.substring(0, bodyStart) + script.substring(bodyEnd), true);
		Set<Definition> inBlock = kept(script);
		inBlock.removeAll(eager);
		return text(eager) + "\n" + script.substring(0, bodyStart) + definitions(inBlock, false)
				+ script.substring(bodyStart);
	}

	/**
	 * The header and the definitions {@code script} needs, directly or through other
	 * definitions, in the library's order.
	 */
	String forScript(String script) {
		return text(kept(script));
	}

	private String text(Set<Definition> kept) {
		return this.header + definitions(kept, true);
	}

	/** The kept definitions in the library's order, each after (or before) a newline. */
	private String definitions(Set<Definition> kept, boolean newlineFirst) {
		StringBuilder out = new StringBuilder();
		for (Definition definition : this.definitions) {
			if (kept.contains(definition)) {
				if (newlineFirst) {
					out.append('\n').append(definition.text());
				}
				else {
					out.append(definition.text()).append('\n');
				}
			}
		}
		return out.toString();
	}

	private Set<Definition> kept(String script) {
		return kept(script, false);
	}

	/**
	 * The definitions a text names, directly or through others; without the names in
	 * whole-line comments (of the text and of the definitions) when {@code codeOnly}.
	 */
	private Set<Definition> kept(String script, boolean codeOnly) {
		Set<Definition> kept = new LinkedHashSet<>();
		List<String> toRead = new ArrayList<>(List.of(script));
		while (!toRead.isEmpty()) {
			String text = toRead.remove(toRead.size() - 1);
			Matcher names = NAME.matcher(codeOnly ? COMMENT_LINES.matcher(text).replaceAll("") : text);
			while (names.find()) {
				Definition definition = this.byName.get(names.group());
				if (definition != null && kept.add(definition)) {
					toRead.add(definition.text());
				}
			}
		}
		return kept;
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
