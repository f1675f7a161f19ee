package io.github.asynctask.redis.script;

import java.nio.ByteBuffer;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.netty.buffer.ByteBuf;
import org.jspecify.annotations.Nullable;

/**
 * The arguments of one {@code EVALSHA} or {@code EVAL} (script, key count, keys, then
 * arguments) written straight into Lettuce's output buffer. Lettuce's own {@code evalsha}
 * wraps every key and argument in an object of its own and writes each length of ten or
 * more through {@code Long.toString}: two objects per length on the event loop, a share
 * of the heap per drained task that showed in profiles (issue 37). Here the lengths are
 * written digit by digit and nothing is allocated per argument.
 */
final class ScriptArgs extends CommandArgs<byte[], byte[]> {

	private static final byte[] CRLF = { '\r', '\n' };

	/** The SHA-1 in hex (ASCII) for {@code EVALSHA}, or null for {@code EVAL}. */
	private final @Nullable String sha1;

	/** The source for {@code EVAL}, or null for {@code EVALSHA}. */
	private final byte @Nullable [] source;

	private final byte[][] keys;

	private final byte[][] args;

	private ScriptArgs(@Nullable String sha1, byte @Nullable [] source, byte[][] keys, byte[][] args) {
		super(ByteArrayCodec.INSTANCE);
		this.sha1 = sha1;
		this.source = source;
		this.keys = keys;
		this.args = args;
	}

	/** The arguments of {@code EVALSHA sha1 numkeys keys... args...}. */
	static ScriptArgs evalSha(LuaScript script, byte[][] keys, byte[][] args) {
		return new ScriptArgs(script.sha1(), null, keys, args);
	}

	/** The arguments of {@code EVAL source numkeys keys... args...}. */
	static ScriptArgs eval(LuaScript script, byte[][] keys, byte[][] args) {
		return new ScriptArgs(null, script.source(), keys, args);
	}

	@Override
	public int count() {
		return 2 + this.keys.length + this.args.length;
	}

	/** The first key, by which a cluster connection routes the call. */
	@Override
	public @Nullable ByteBuffer getFirstEncodedKey() {
		return (this.keys.length == 0) ? null : ByteBuffer.wrap(this.keys[0]);
	}

	@Override
	public void encode(ByteBuf buf) {
		if (this.sha1 != null) {
			// hex digits: one byte each, no encoded copy
			int length = this.sha1.length();
			bulkLength(buf, length);
			for (int i = 0; i < length; i++) {
				buf.writeByte(this.sha1.charAt(i));
			}
			buf.writeBytes(CRLF);
		}
		else {
			bulk(buf, java.util.Objects.requireNonNull(this.source));
		}
		bulkLength(buf, decimalLength(this.keys.length));
		decimal(buf, this.keys.length);
		buf.writeBytes(CRLF);
		for (byte[] key : this.keys) {
			bulk(buf, key);
		}
		for (byte[] arg : this.args) {
			bulk(buf, arg);
		}
	}

	@Override
	public String toCommandString() {
		return ((this.sha1 != null) ? this.sha1 : "<script>") + " " + this.keys.length + " keys, " + this.args.length
				+ " args";
	}

	@Override
	public String toString() {
		return getClass().getSimpleName() + " [" + toCommandString() + "]";
	}

	private static void bulk(ByteBuf buf, byte[] value) {
		bulkLength(buf, value.length);
		buf.writeBytes(value);
		buf.writeBytes(CRLF);
	}

	/** {@code $<length>\r\n}. */
	private static void bulkLength(ByteBuf buf, int length) {
		buf.writeByte('$');
		decimal(buf, length);
		buf.writeBytes(CRLF);
	}

	/** A non-negative number in ASCII decimal, most significant digit first. */
	static void decimal(ByteBuf buf, int value) {
		int divisor = 1;
		while (divisor <= value / 10) {
			divisor *= 10;
		}
		for (; divisor > 0; divisor /= 10) {
			buf.writeByte('0' + (value / divisor) % 10);
		}
	}

	private static int decimalLength(int value) {
		int digits = 1;
		for (int rest = value / 10; rest > 0; rest /= 10) {
			digits++;
		}
		return digits;
	}

}
