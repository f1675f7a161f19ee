package io.github.asynctask.redis.script;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Each script carries the {@code lib.lua} helpers it calls, and only those.
 */
class LuaLibraryTests {

	private static final Path SCRIPTS = Path.of("src/main/resources/io/github/asynctask/redis/scripts");

	private static final String LIBRARY = """
			--[[ header ]]
			cjson.encode_number_precision(14)

			-- the base
			local BASE = 36
			local function digits(n)
			  return n % BASE
			end

			-- uses digits
			local function formatted(n)
			  return tostring(digits(n))
			end

			local A, B = 1, 2
			local function unrelated()
			  local t = {
			    x = 1,
			}
			  return t
			end
			""";

	@Test
	void aScriptGetsTheHeaderItsHelpersAndWhatTheyUseInTheLibrarysOrder() {
		String text = LuaLibrary.parse(LIBRARY).forScript("return formatted(ARGV[1])");
		assertThat(text).startsWith("--[[ header ]]\ncjson.encode_number_precision(14)");
		assertThat(text).containsSubsequence("-- the base\nlocal BASE = 36", "local function digits(n)",
				"-- uses digits\nlocal function formatted(n)");
		assertThat(text).doesNotContain("unrelated").doesNotContain("local A, B");
	}

	@Test
	void eitherNameOfADefinitionOfTwoKeepsIt() {
		assertThat(LuaLibrary.parse(LIBRARY).forScript("return B")).contains("local A, B = 1, 2")
			.doesNotContain("digits");
		assertThat(LuaLibrary.parse(LIBRARY).names()).containsExactly("BASE", "digits", "formatted", "A", "B",
				"unrelated");
	}

	@Test
	void aMultiLineDefinitionIsKeptWhole() {
		assertThat(LuaLibrary.parse(LIBRARY).forScript("unrelated()"))
			.endsWith(LIBRARY.substring(LIBRARY.indexOf("local function unrelated()")));
	}

	@Test
	void aStatementAfterTheFirstDefinitionIsRefusedRatherThanDropped() {
		assertThatIllegalStateException()
			.isThrownBy(() -> LuaLibrary.parse("local function f() end\nredis.setresp(3)\n"))
			.withMessageContaining("lib.lua line 2")
			.withMessageContaining("redis.setresp(3)");
	}

	@Test
	void theRealLibrarySplitsIntoOneDefinitionPerTopLevelLocal() throws IOException {
		String library = Files.readString(SCRIPTS.resolve("lib.lua"));
		long locals = Pattern.compile("^local ", Pattern.MULTILINE).matcher(library).results().count();
		LuaLibrary parsed = LuaLibrary.parse(library);
		assertThat(parsed.names()).hasSizeGreaterThanOrEqualTo((int) locals)
			.contains("first_delivery", "bury", "take_active", "remember_all_done", "MAX_WHOLE_ARG");
		assertThat(parsed.forScript("")).contains("cjson.encode_number_precision(14)").doesNotContain("local function");
	}

	@Test
	void theHotScriptsLeaveOutWhatOnlyOtherScriptsCall() {
		String dequeue = LuaSources.of("dequeue");
		assertThat(dequeue).contains("local function first_delivery", "local function bury",
				"local function remember_done", "local function whole_arg");
		assertThat(dequeue).doesNotContain("local function new_meta_json", "local function take_active",
				"local function wake_if_first");
		String enqueue = LuaSources.of("enqueue");
		assertThat(enqueue).contains("local function new_packed").doesNotContain("local function first_delivery");
		assertThat(LuaSources.of("complete")).contains("local function take_active", "local function finish");
	}

	@Test
	void everyScriptOfTheFolderAssembles() throws IOException {
		try (var files = Files.list(SCRIPTS)) {
			files.map((file) -> file.getFileName().toString())
				.filter((name) -> name.endsWith(".lua") && !name.equals("lib.lua"))
				.forEach((name) -> {
					String script = name.substring(0, name.length() - ".lua".length());
					assertThat(LuaSources.of(script)).as(script).endsWith(readQuietly(name));
				});
		}
	}

	private static String readQuietly(String name) {
		try {
			return Files.readString(SCRIPTS.resolve(name));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
