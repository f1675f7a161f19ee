package io.github.asynctask.limit;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.asynctask.definition.Durations;

/**
 * At most {@code permits} deliveries of a queue in any window of length {@code period},
 * across every instance ({@code async-task.queues.<name>.rate-limit: 100/1s}); the
 * dequeue script enforces it in the queue's own hash slot.
 *
 * @param permits deliveries allowed per window, at least 1
 * @param period the sliding window, at least one millisecond
 */
public record RateLimit(int permits, Duration period) {

	private static final Pattern FORMAT = Pattern.compile("\\s*(\\d+)\\s*/\\s*(\\S+)\\s*");

	public RateLimit {
		if (permits < 1) {
			throw new IllegalArgumentException("A rate limit needs at least 1 permit per period but had " + permits);
		}
		if (period.toMillis() < 1) {
			throw new IllegalArgumentException("A rate limit's period must be at least 1ms but was " + period);
		}
	}

	/**
	 * Parse {@code <permits>/<period>} such as {@code 100/1s} or {@code 5/PT1M}.
	 * @param text the value
	 * @param property the property it came from, named in the error
	 * @throws IllegalArgumentException naming the property when the text is malformed
	 */
	public static RateLimit parse(String text, String property) {
		Matcher matcher = FORMAT.matcher(text);
		String expected = property + " must be <permits>/<period> such as 100/1s or 10/PT1M, with at least 1 permit "
				+ "and a period of at least 1ms, but was '" + text + "'";
		if (!matcher.matches()) {
			throw new IllegalArgumentException(expected);
		}
		try {
			int permits = Integer.parseInt(matcher.group(1));
			Duration period = Durations.parse(matcher.group(2));
			return new RateLimit(permits, period);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(expected, ex);
		}
	}

	/** As written in the property: {@code 100/1s}, {@code 5/1m}, {@code 3/500ms}. */
	@Override
	public String toString() {
		long millis = this.period.toMillis();
		String[] units = { "d", "h", "m", "s" };
		long[] sizes = { 86_400_000L, 3_600_000L, 60_000L, 1_000L };
		for (int i = 0; i < units.length; i++) {
			if (millis % sizes[i] == 0) {
				return this.permits + "/" + (millis / sizes[i]) + units[i];
			}
		}
		return this.permits + "/" + millis + "ms";
	}

}
