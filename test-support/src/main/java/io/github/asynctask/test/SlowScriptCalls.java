package io.github.asynctask.test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The script calls ({@code EVALSHA}) of a Redis slow log, as {@link RedisServer#cli}
 * prints {@code SLOWLOG GET}: one value a line, a call's duration (microseconds) right
 * above its {@code EVALSHA}, its script's SHA below and its first key three lines below
 * (an argument that reads {@code EVALSHA} is not taken for a call).
 *
 * <p>
 * Tests that check a script is O(1) compare its worst call with the worst of plain calls
 * made beside it: on a machine shared with other builds Redis is descheduled now and then
 * and the call running then lands in the log whatever it is.
 *
 * @param calls each call's duration in microseconds and first key
 */
public record SlowScriptCalls(List<Call> calls) {

	private static final Pattern DURATION = Pattern.compile("\\d+");

	private static final Pattern SHA = Pattern.compile("[0-9a-fA-F]{40}");

	/**
	 * One slow script call.
	 *
	 * @param micros how long Redis took, as the slow log measures it (wall time)
	 * @param firstKey the first key passed to the script
	 */
	public record Call(long micros, String firstKey) {
	}

	/**
	 * The script calls of {@code log}, the output of {@code SLOWLOG GET n}.
	 */
	public static SlowScriptCalls of(@Nullable String log) {
		String[] lines = (log != null) ? log.split("\r?\n") : new String[0];
		List<Call> calls = new ArrayList<>();
		for (int i = 1; i + 3 < lines.length; i++) {
			if (lines[i].strip().equalsIgnoreCase("EVALSHA") && DURATION.matcher(lines[i - 1].strip()).matches()
					&& SHA.matcher(lines[i + 1].strip()).matches()) {
				calls.add(new Call(Long.parseLong(lines[i - 1].strip()), lines[i + 3].strip()));
			}
		}
		return new SlowScriptCalls(List.copyOf(calls));
	}

	/** The calls whose first key matches {@code firstKey}. */
	public SlowScriptCalls where(Predicate<String> firstKey) {
		return new SlowScriptCalls(this.calls.stream().filter((call) -> firstKey.test(call.firstKey())).toList());
	}

	/** How many calls there are. */
	public int count() {
		return this.calls.size();
	}

	/** The longest call in microseconds, 0 if there is none. */
	public long worstMicros() {
		return this.calls.stream().mapToLong(Call::micros).max().orElse(0);
	}

	@Override
	public String toString() {
		return this.calls.size() + " call(s), worst " + worstMicros() + " us";
	}

}
