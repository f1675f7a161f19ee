package io.github.asynctask.redis.script;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
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

	private final ArgsWriter args;

	private ScriptArgs(@Nullable String sha1, byte @Nullable [] source, byte[][] keys, ArgsWriter args) {
		super(ByteArrayCodec.INSTANCE);
		this.sha1 = sha1;
		this.source = source;
		this.keys = keys;
		this.args = args;
	}

	/** The arguments of {@code EVALSHA sha1 numkeys keys... args...}. */
	static ScriptArgs evalSha(LuaScript script, byte[][] keys, ArgsWriter args) {
		return new ScriptArgs(script.sha1(), null, keys, args);
	}

	/** The arguments of {@code EVAL source numkeys keys... args...}. */
	static ScriptArgs eval(LuaScript script, byte[][] keys, ArgsWriter args) {
		return new ScriptArgs(null, script.source(), keys, args);
	}

	/** Arguments held as bytes. */
	static ArgsWriter of(byte[][] args) {
		return new ArgsWriter() {

			@Override
			public int count() {
				return args.length;
			}

			@Override
			public void writeTo(Sink sink) {
				for (byte[] arg : args) {
					sink.bytes(arg);
				}
			}

		};
	}

	/** The arguments {@code writer} writes, as bytes (for clients other than Lettuce). */
	static byte[][] bytes(ArgsWriter writer) {
		List<byte[]> args = new ArrayList<>(writer.count());
		writer.writeTo(new ArgsWriter.Sink() {

			@Override
			public void bytes(byte[] value) {
				args.add(value);
			}

			@Override
			public void text(String value) {
				args.add(value.getBytes(StandardCharsets.UTF_8));
			}

			@Override
			public void decimal(long value) {
				args.add(ScriptBytes.decimal(value));
			}

		});
		return args.toArray(byte[][]::new);
	}

	@Override
	public int count() {
		return 2 + this.keys.length + this.args.count();
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
		this.args.writeTo(new BufferSink(buf));
	}

	@Override
	public String toCommandString() {
		return ((this.sha1 != null) ? this.sha1 : "<script>") + " " + this.keys.length + " keys, " + this.args.count()
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

	/** Writes each argument as a bulk string into Lettuce's buffer, copying nothing. */
	private static final class BufferSink implements ArgsWriter.Sink {

		private final ByteBuf buf;

		BufferSink(ByteBuf buf) {
			this.buf = buf;
		}

		@Override
		public void bytes(byte[] value) {
			bulk(this.buf, value);
		}

		@Override
		public void text(String value) {
			bulkLength(this.buf, ByteBufUtil.utf8Bytes(value));
			ByteBufUtil.writeUtf8(this.buf, value);
			this.buf.writeBytes(CRLF);
		}

		@Override
		public void decimal(long value) {
			if (value < 0) {
				// rare (tokens and counts are not negative): the plain way
				bulk(this.buf, ScriptBytes.decimal(value));
				return;
			}
			int digits = 1;
			long divisor = 1;
			while (divisor <= value / 10) {
				divisor *= 10;
				digits++;
			}
			bulkLength(this.buf, digits);
			for (; divisor > 0; divisor /= 10) {
				this.buf.writeByte((int) ('0' + (value / divisor) % 10));
			}
			this.buf.writeBytes(CRLF);
		}

	}

}
