package io.github.asynctask.submit;

import java.time.Instant;

/**
 * The 14-character task id: 84 bits in a 64-character alphabet in ASCII order, so ids
 * sort as strings the way their bits sort as numbers. The bits are 42 of milliseconds
 * since {@link #EPOCH} (139 years), 16 of the instance number the maker holds, and 26 of
 * a per-millisecond sequence ({@link TaskIdGenerator} puts a salt in its high bits).
 */
final class ShortIds {

	/** Every character, in ASCII order: index = value. */
	static final String ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

	static final int LENGTH = 14;

	/** Time zero of the id's time part; a constant of the format, never to change. */
	static final Instant EPOCH = Instant.parse("2025-01-01T00:00:00Z");

	static final long EPOCH_MILLIS = EPOCH.toEpochMilli();

	static final int TIME_BITS = 42;

	static final int NUMBER_BITS = 16;

	static final int SEQUENCE_BITS = 26;

	static final long MAX_TIME = (1L << TIME_BITS) - 1;

	static final long MAX_SEQUENCE = (1L << SEQUENCE_BITS) - 1;

	private static final char[] CHARS = ALPHABET.toCharArray();

	private ShortIds() {
	}

	/**
	 * Whether ids can carry this time.
	 * @param unixMillis milliseconds since 1970
	 */
	static boolean fits(long unixMillis) {
		long time = unixMillis - EPOCH_MILLIS;
		return time >= 0 && time <= MAX_TIME;
	}

	/**
	 * The id of one time, instance number and sequence.
	 * @param unixMillis milliseconds since 1970, {@link #fits fitting}
	 * @param number 0..65535
	 * @param sequence 0..{@link #MAX_SEQUENCE}
	 */
	static String format(long unixMillis, int number, long sequence) {
		long high = unixMillis - EPOCH_MILLIS;
		long low = ((long) number << SEQUENCE_BITS) | sequence;
		char[] chars = new char[LENGTH];
		for (int i = 6; i >= 0; i--) {
			chars[i] = CHARS[(int) (high & 63)];
			chars[i + 7] = CHARS[(int) (low & 63)];
			high >>>= 6;
			low >>>= 6;
		}
		return new String(chars);
	}

	/** The time of an id (Unix ms). */
	static long unixMillis(String id) {
		return bits(id, 0) + EPOCH_MILLIS;
	}

	/** The instance number of an id. */
	static int number(String id) {
		return (int) (bits(id, 7) >>> SEQUENCE_BITS);
	}

	/** The sequence of an id. */
	static long sequence(String id) {
		return bits(id, 7) & MAX_SEQUENCE;
	}

	private static long bits(String id, int from) {
		long bits = 0;
		for (int i = from; i < from + 7; i++) {
			bits = (bits << 6) | ALPHABET.indexOf(id.charAt(i));
		}
		return bits;
	}

}
