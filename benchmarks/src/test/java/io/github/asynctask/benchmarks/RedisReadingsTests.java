package io.github.asynctask.benchmarks;

import java.util.Map;

import io.github.asynctask.redis.script.LuaSources;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the scale scenarios read Redis's own reports: {@code INFO commandstats} lines and
 * {@code MONITOR} lines.
 */
class RedisReadingsTests {

	@Test
	void evalshaCallsAndMicrosecondsComeFromItsCommandstatsLine() {
		String info = "# Commandstats\r\n"
				+ "cmdstat_zadd:calls=3,usec=9,usec_per_call=3.00,rejected_calls=0,failed_calls=0\r\n"
				+ "cmdstat_evalsha:calls=2000,usec=41000,usec_per_call=20.50,rejected_calls=4,failed_calls=1\r\n";
		assertThat(CallCost.evalsha(info)).containsExactly(2000, 41000);
	}

	@Test
	void noEvalshaLineMeansNoScriptCalls() {
		assertThat(CallCost.evalsha("# Commandstats\r\ncmdstat_info:calls=1,usec=5,usec_per_call=5.00\r\n"))
			.containsExactly(0, 0);
	}

	@Test
	void theBreakdownCountsWhatHappenedSinceItsStartAndScriptTimeIncludesTheirCommands() {
		CommandBreakdown start = new CommandBreakdown(
				Map.of("evalsha", new long[] { 10, 400 }, "zadd", new long[] { 5, 50 }, "info", new long[] { 3, 30 }));
		CommandBreakdown end = new CommandBreakdown(Map.of("evalsha", new long[] { 30, 1400 }, "zadd",
				new long[] { 15, 250 }, "info", new long[] { 5, 50 }, "hset", new long[] { 10, 100 }));
		CommandBreakdown run = end.since(start);
		assertThat(run.scriptMicros()).isEqualTo(1000);
		assertThat(run.scriptCalls()).isEqualTo(20);
		assertThat(run.calls()).as("the harness's INFO left out").isEqualTo(40);
		assertThat(run.describe(10)).isEqualTo(
				"COMMANDS per task over 10 tasks: evalsha 2.000 calls 100.00 us; zadd 1.000 calls 20.00 us; hset 1.000 calls 10.00 us;");
	}

	@Test
	void aScriptCallCountsUnderTheNameOfTheCoreScriptItRuns() {
		String sha = ScriptTally.sha1(LuaSources.of("forward"));
		assertThat(ScriptTally
			.name("1700000000.123456 [0 127.0.0.1:5432] \"evalsha\" \"" + sha + "\" \"6\" \"asynctask:{q}:t\""))
			.isEqualTo("forward");
	}

	@Test
	void anUnknownScriptCountsUnderItsShaAndOtherCommandsUnderTheirName() {
		assertThat(ScriptTally.name("1.0 [0 127.0.0.1:1] \"EVALSHA\" \"0123456789abcdef\" \"0\""))
			.isEqualTo("evalsha:01234567");
		assertThat(ScriptTally.name("1.0 [0 127.0.0.1:1] \"BLPOP\" \"asynctask:{q}:wake\" \"2\"")).isEqualTo("blpop");
		assertThat(ScriptTally.name("1.0 [0 127.0.0.1:1] \"EVAL\" \"--[[ Sizes of one queue\" \"9\""))
			.isEqualTo("eval");
	}

	@Test
	void commandsRunByScriptsAndTheHarnessOwnAreNotCounted() {
		assertThat(ScriptTally.name("1.0 [0 lua] \"ZRANGE\" \"asynctask:{q}:scheduled\" \"0\" \"0\"")).isNull();
		assertThat(ScriptTally.name("1.0 [0 127.0.0.1:1] \"info\" \"commandstats\"")).isNull();
		assertThat(ScriptTally.name("1.0 [0 127.0.0.1:1] \"CONFIG\" \"RESETSTAT\"")).isNull();
	}

}
