package io.github.asynctask.definition;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the duration strings of {@code @AsyncTask} attributes: a number with a unit
 * ({@code 500ms}, {@code 30s}, {@code 15m}, {@code 24h}, {@code 7d}) or ISO-8601
 * ({@code PT5M}).
 */
public final class Durations {

	private static final Pattern SIMPLE = Pattern.compile("(\\d{1,18})\\s*(ms|s|m|h|d)");

	private Durations() {
	}

	/**
	 * Parse a duration.
	 * @throws IllegalArgumentException saying which forms are accepted
	 */
	public static Duration parse(String text) {
		String value = text.trim();
		Matcher matcher = SIMPLE.matcher(value.toLowerCase(java.util.Locale.ROOT));
		if (matcher.matches()) {
			long amount = Long.parseLong(matcher.group(1));
			return switch (matcher.group(2)) {
				case "ms" -> Duration.ofMillis(amount);
				case "s" -> Duration.ofSeconds(amount);
				case "m" -> Duration.ofMinutes(amount);
				case "h" -> Duration.ofHours(amount);
				default -> Duration.ofDays(amount);
			};
		}
		if (value.startsWith("P") || value.startsWith("p")) {
			try {
				return Duration.parse(value);
			}
			catch (DateTimeParseException ex) {
				// fall through to the common message
			}
		}
		throw new IllegalArgumentException("'" + text
				+ "' is not a duration; use a number with a unit (500ms, 30s, 15m, 24h, 7d) or ISO-8601 (PT5M)");
	}

}
