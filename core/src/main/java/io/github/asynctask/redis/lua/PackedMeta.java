package io.github.asynctask.redis.lua;

import io.github.asynctask.redis.script.StoredNumbers;

/**
 * A task meta in the packed form of key layout 3 (see {@code lib.lua}), in two shapes:
 * {@code 3|<state>|<max retries>|<created>|<changed>|<name>} while queued (state
 * {@code p}, {@code s} or {@code w}: no delivery yet), and
 * {@code 3|a|<attempts>|<max retries>|<created>|<changed>|<token>|<name>} once delivered.
 * Counts in decimal, times in base 36, changed empty while it equals created, the name
 * running to the end. The scripts store it for a new or fetched task without optional
 * fields; every other meta is JSON. Every number is within {@link StoredNumbers}' range.
 *
 * @param state the state code ({@code p}, {@code s}, {@code w} or {@code a})
 * @param attempts the deliveries so far
 * @param maxRetries the retries allowed
 * @param createdAt when the task was created (epoch ms)
 * @param updatedAt when its state last changed (epoch ms)
 * @param token the fencing token of the current delivery, 0 before the first
 * @param name the task name
 */
public record PackedMeta(String state, int attempts, int maxRetries, long createdAt, long updatedAt, long token,
		String name) {

	/** Whether a stored meta (or a whole one-field value) is in the packed form. */
	public static boolean isPacked(String meta) {
		return meta.length() > 1 && meta.charAt(0) == '3' && meta.charAt(1) == '|';
	}

	/**
	 * Read a packed meta (the text before the payload's newline).
	 * @param meta the stored meta, {@link #isPacked(String) packed}
	 * @return the fields
	 * @throws IllegalArgumentException naming the field that is missing, not a number or
	 * out of range
	 */
	public static PackedMeta parse(String meta) {
		boolean delivered = meta.startsWith("3|a|");
		Fields fields = new Fields(meta, delivered ? 7 : 5);
		String state = fields.text(0);
		if (!delivered && !(state.equals("p") || state.equals("s") || state.equals("w"))) {
			throw new IllegalArgumentException("packed meta has an unknown state '" + state + "'");
		}
		int at = delivered ? 2 : 1;
		int attempts = delivered ? (int) fields.number("attempts", 1, 10, -1, StoredNumbers.MAX_COUNT) : 0;
		int maxRetries = (int) fields.number("max retries", at, 10, -1, StoredNumbers.MAX_RETRIES);
		long createdAt = fields.number("created", at + 1, 36, -1, StoredNumbers.MAX_TIME);
		long updatedAt = fields.number("changed", at + 2, 36, createdAt, StoredNumbers.MAX_TIME);
		long token = delivered ? fields.number("token", at + 3, 10, -1, Long.MAX_VALUE) : 0;
		return new PackedMeta(state, attempts, maxRetries, createdAt, updatedAt, token, fields.last());
	}

	/**
	 * The fields of a packed meta after its {@code 3|}: all but the last end at a bar.
	 */
	private static final class Fields {

		private final String meta;

		private final int[] starts;

		Fields(String meta, int count) {
			this.meta = meta;
			this.starts = new int[count + 1];
			this.starts[0] = 2;
			for (int i = 1; i < count; i++) {
				int bar = meta.indexOf('|', this.starts[i - 1]);
				if (bar < 0) {
					throw new IllegalArgumentException("packed meta has " + i + " of " + count + " fields");
				}
				this.starts[i] = bar + 1;
			}
			this.starts[count] = meta.length() + 1;
		}

		String text(int field) {
			return this.meta.substring(this.starts[field], this.starts[field + 1] - 1);
		}

		String last() {
			return text(this.starts.length - 2);
		}

		/**
		 * The number in a field, or {@code empty} for an empty one (-1: not allowed); a
		 * count or time must be within {@code 0..max}.
		 */
		long number(String name, int field, int radix, long empty, long max) {
			int start = this.starts[field];
			int end = this.starts[field + 1] - 1;
			if (start == end && empty >= 0) {
				return empty;
			}
			long value;
			try {
				value = Long.parseLong(this.meta, start, end, radix);
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException(
						"packed meta field " + name + " is not a number: '" + this.meta.substring(start, end) + "'",
						ex);
			}
			return (max == Long.MAX_VALUE) ? value : StoredNumbers.check(name, value, max);
		}

	}

}
