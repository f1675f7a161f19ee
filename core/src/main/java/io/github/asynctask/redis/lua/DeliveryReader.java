package io.github.asynctask.redis.lua;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.StoredNumbers;
import org.jspecify.annotations.Nullable;

/**
 * Reads one task of a fetch's reply ({@code "<meta>\n<payload>"}) as a {@link Delivery}.
 * A delivered packed meta ({@code 3|a|...}, see {@link PackedMeta}), what every fetch of
 * a plain task answers, is read straight from the reply's bytes: no header string, no
 * field substrings, no {@link StoredTask}, and the task name of an earlier delivery is
 * reused. Anything else, and any field the fast reading does not take as it stands
 * (signs, out of range, missing), goes through {@link StoredTask#parse}, which gives the
 * same delivery or the same error.
 */
final class DeliveryReader {

	/** Task names seen, by a hash of their bytes; a miss only costs a new string. */
	private static final int NAME_SLOTS = 64;

	/** The longest decimal field read here (a token below 2^53 has 16 digits). */
	private static final int MAX_DECIMAL_DIGITS = 18;

	/** The longest base-36 time read here (the packed form writes at most 10). */
	private static final int MAX_TIME_DIGITS = 11;

	/** Racy but safe: strings are immutable, a lost write only costs a miss. */
	private final @Nullable String[] names = new String[NAME_SLOTS];

	Delivery read(String queue, Object idReply, Object valueReply) {
		String id = Replies.string(idReply);
		if (valueReply instanceof byte[] bytes) {
			Delivery delivery = packed(queue, id, bytes, bytes.length);
			if (delivery != null) {
				return delivery;
			}
		}
		String[] value = Replies.splitAtFirstNewline(valueReply);
		return StoredTask.parse(id, value[0], value[1]).toDelivery(queue);
	}

	/**
	 * The delivery of a delivered packed meta in its plain shape, read from the first
	 * {@code length} bytes, else null; never throws. Safe on any thread.
	 */
	@Nullable Delivery packed(String queue, String id, byte[] bytes, int length) {
		if (length < 4 || bytes[0] != '3' || bytes[1] != '|' || bytes[2] != 'a' || bytes[3] != '|') {
			return null;
		}
		int at = 4;
		int bar = bar(bytes, at, length);
		long attempts = number(bytes, at, bar, 10, MAX_DECIMAL_DIGITS, StoredNumbers.MAX_COUNT);
		at = bar + 1;
		bar = bar(bytes, at, length);
		long maxRetries = number(bytes, at, bar, 10, MAX_DECIMAL_DIGITS, StoredNumbers.MAX_RETRIES);
		at = bar + 1;
		bar = bar(bytes, at, length);
		long createdAt = number(bytes, at, bar, 36, MAX_TIME_DIGITS, StoredNumbers.MAX_TIME);
		at = bar + 1;
		bar = bar(bytes, at, length);
		// changed: not part of a delivery, but a value the slow reading refuses is
		// refused
		long changed = (bar == at) ? 0 : number(bytes, at, bar, 36, MAX_TIME_DIGITS, StoredNumbers.MAX_TIME);
		at = bar + 1;
		bar = bar(bytes, at, length);
		long token = number(bytes, at, bar, 10, MAX_DECIMAL_DIGITS, Long.MAX_VALUE);
		if (attempts < 0 || maxRetries < 0 || createdAt < 0 || changed < 0 || token < 0) {
			return null;
		}
		int nameStart = bar + 1;
		int newline = newline(bytes, nameStart, length);
		if (newline < 0) {
			return null;
		}
		String name = name(bytes, nameStart, newline);
		String payload = new String(bytes, newline + 1, length - newline - 1, StandardCharsets.UTF_8);
		return new Delivery(queue, id, name, token, (int) attempts, (int) maxRetries, payload,
				Instant.ofEpochMilli(createdAt));
	}

	/** The next bar from {@code from}, or -1 (which no field then reads). */
	private static int bar(byte[] bytes, int from, int length) {
		if (from <= 0) {
			return -1;
		}
		for (int i = from; i < length; i++) {
			if (bytes[i] == '|') {
				return i;
			}
			if (bytes[i] == '\n') {
				return -1;
			}
		}
		return -1;
	}

	private static int newline(byte[] bytes, int from, int length) {
		for (int i = from; i < length; i++) {
			if (bytes[i] == '\n') {
				return i;
			}
		}
		return -1;
	}

	/**
	 * The plain ASCII number in {@code [start, end)} within {@code 0..max}, else -1 (an
	 * empty field, a sign, another digit or an overflow: left to the slow reading).
	 */
	private static long number(byte[] bytes, int start, int end, int radix, int maxDigits, long max) {
		if (start <= 0 || end <= start || end - start > maxDigits) {
			return -1;
		}
		long value = 0;
		for (int i = start; i < end; i++) {
			int digit = digit(bytes[i], radix);
			if (digit < 0) {
				return -1;
			}
			value = value * radix + digit;
		}
		return (value <= max) ? value : -1;
	}

	private static int digit(byte b, int radix) {
		int digit;
		if (b >= '0' && b <= '9') {
			digit = b - '0';
		}
		else if (b >= 'a' && b <= 'z') {
			digit = b - 'a' + 10;
		}
		else if (b >= 'A' && b <= 'Z') {
			digit = b - 'A' + 10;
		}
		else {
			return -1;
		}
		return (digit < radix) ? digit : -1;
	}

	/** The name in {@code [start, end)}: the string of an earlier delivery when ASCII. */
	private String name(byte[] bytes, int start, int end) {
		int hash = 0;
		for (int i = start; i < end; i++) {
			if (bytes[i] < 0) {
				return new String(bytes, start, end - start, StandardCharsets.UTF_8);
			}
			hash = 31 * hash + bytes[i];
		}
		int slot = (hash ^ (hash >>> 16)) & (NAME_SLOTS - 1);
		String cached = this.names[slot];
		if (cached != null && sameAscii(cached, bytes, start, end)) {
			return cached;
		}
		String name = new String(bytes, start, end - start, StandardCharsets.US_ASCII);
		this.names[slot] = name;
		return name;
	}

	private static boolean sameAscii(String text, byte[] bytes, int start, int end) {
		if (text.length() != end - start) {
			return false;
		}
		for (int i = start; i < end; i++) {
			if (text.charAt(i - start) != bytes[i]) {
				return false;
			}
		}
		return true;
	}

}
