package io.github.asynctask.definition;

import java.time.Duration;

import org.springframework.format.datetime.standard.DurationFormatterUtils;

/**
 * Parses the duration strings of {@code @AsyncTask} attributes with spring-context's
 * {@link DurationFormatterUtils} (the styles {@code @Scheduled} and Spring Boot accept):
 * a number with a unit ({@code 500ms}, {@code 30s}, {@code 15m}, {@code 24h},
 * {@code 7d}), units combined ({@code 1h30m}) or ISO-8601 ({@code PT5M}). A bare number
 * (whose unit a reader would have to guess) and a negative value are refused.
 */
public final class Durations {

	/** What to write instead of a value that is not a duration. */
	public static final String ACCEPTED = "use a number with a unit (500ms, 30s, 15m, 24h, 7d), units combined "
			+ "(1h30m) or ISO-8601 (PT5M)";

	private Durations() {
	}

	/**
	 * Parse a duration.
	 * @throws IllegalArgumentException saying which forms are accepted
	 */
	public static Duration parse(String text) {
		String value = text.strip();
		Duration duration = null;
		if (!value.isEmpty() && !value.chars().allMatch(Character::isDigit)) {
			try {
				duration = DurationFormatterUtils.detectAndParse(value);
			}
			catch (RuntimeException ex) {
				// fall through to the common message
			}
		}
		if (duration == null || duration.isNegative()) {
			throw new IllegalArgumentException("'" + text + "' is not a duration; " + ACCEPTED);
		}
		return duration;
	}

}
