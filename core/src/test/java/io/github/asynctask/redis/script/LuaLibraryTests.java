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
	void aMarkedBlockGetsTheHelpersOnlyItCallsAsItsOwnLocals() {
		String script = """
				local x = formatted(1)
				if x then
				  -- lib.lua: the helpers only this block calls are defined here
				  -- unrelated() in a comment outside code: made here, never in front
				  x = unrelated() or digits(2)
				  -- lib.lua: end of the block
				end
				return x""";
		String text = LuaLibrary.parse(LIBRARY).assemble(script);
		int block = text.indexOf(LuaLibrary.BLOCK_START);
		assertThat(text.substring(0, block)).contains("local function digits(n)", "local function formatted(n)")
			.doesNotContain("unrelated");
		assertThat(text.substring(block)).contains("local function unrelated()")
			.doesNotContain("local function digits")
			.endsWith(script.substring(script.indexOf("  -- unrelated()")));
		assertThat(text).startsWith("--[[ header ]]");
	}

	@Test
	void aScriptWhoseCommentNamesAHelperOnlyTheBlockCallsMakesItInTheBlock() {
		String script = """
				-- unrelated() is called below, in the block
				if ARGV[1] then
				  -- lib.lua: the helpers only this block calls are defined here
				  return unrelated()
				  -- lib.lua: end of the block
				end""";
		String text = LuaLibrary.parse(LIBRARY).assemble(script);
		assertThat(text.indexOf("local function unrelated()")).isGreaterThan(text.indexOf(LuaLibrary.BLOCK_START));
	}

	@Test
	void aBlockWithoutItsEndIsRefused() {
		assertThatIllegalStateException()
			.isThrownBy(() -> LuaLibrary.parse(LIBRARY)
				.assemble("if x then\n  -- lib.lua: the helpers only this block calls are defined here\nend"))
			.withMessageContaining(LuaLibrary.BLOCK_END);
	}

	@Test
	void theHotScriptsMakeTheirGeneralPathsHelpersOnlyInThatPath() {
		String dequeue = LuaSources.of("dequeue");
		int block = dequeue.indexOf(LuaLibrary.BLOCK_START);
		assertThat(dequeue.indexOf("local function first_delivery")).isBetween(0, block);
		assertThat(dequeue.indexOf("local function bury")).isGreaterThan(block);
		assertThat(dequeue.indexOf("local function decode_task")).isGreaterThan(block);
		String complete = LuaSources.of("complete");
		block = complete.indexOf(LuaLibrary.BLOCK_START);
		assertThat(complete.indexOf("local function remember_all_done")).isBetween(0, block);
		assertThat(complete.indexOf("local function take_active")).isGreaterThan(block);
	}

	@Test
	void everyScriptOfTheFolderAssembles() throws IOException {
		try (var files = Files.list(SCRIPTS)) {
			files.map((file) -> file.getFileName().toString())
				.filter((name) -> name.endsWith(".lua") && !name.equals("lib.lua"))
				.forEach((name) -> {
					String script = name.substring(0, name.length() - ".lua".length());
					String source = readQuietly(name);
					int block = source.indexOf(LuaLibrary.BLOCK_START);
					// a script with a block of helpers: they go in after its first line
					int tail = (block < 0) ? 0 : block + LuaLibrary.BLOCK_START.length() + 1;
					assertThat(LuaSources.of(script)).as(script)
						.contains(source.substring(0, tail))
						.endsWith(source.substring(tail));
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
