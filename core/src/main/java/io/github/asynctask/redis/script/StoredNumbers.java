package io.github.asynctask.redis.script;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.PackedMeta;
import io.github.asynctask.redis.lua.StoredTask;

/**
 * The one range of the numbers a task's meta stores, for every writer and reader: the
 * scripts ({@code lib.lua} holds the same values, checked by a test), {@link PackedMeta},
 * {@link StoredTask} and the submit ({@link EnqueueRequest}). Counts fit a Java
 * {@code int}; times (epoch ms) have at most 14 digits, so that cjson writes them exactly
 * and the packed form's base 36 needs at most 10 characters (the year 5138).
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class StoredNumbers {

	/** The most deliveries a task counts. */
	public static final long MAX_COUNT = Integer.MAX_VALUE;

	/** The most retries: one short of {@link #MAX_COUNT}, the last delivery's count. */
	public static final int MAX_RETRIES = Integer.MAX_VALUE - 1;

	/** The latest time stored (epoch ms). */
	public static final long MAX_TIME = 99_999_999_999_999L;

	private StoredNumbers() {
	}

	/**
	 * The value when it is within {@code 0..max}.
	 * @throws IllegalArgumentException naming the field otherwise
	 */
	public static long check(String field, long value, long max) {
		if (value < 0 || value > max) {
			throw new IllegalArgumentException(
					"meta field " + field + " is out of range: " + value + " (0.." + max + " expected)");
		}
		return value;
	}

}
