package io.github.asynctask.redis.script;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ScriptArgs} writes the bytes Lettuce's own {@code evalsha} and {@code eval}
 * builders write for the same call.
 */
class ScriptArgsTests {

	private static final LuaScript SCRIPT = LuaScript.load("dequeue");

	@ParameterizedTest
	@ValueSource(ints = { 0, 1, 9, 10, 11, 99, 100, 101, 1000, 65_536 })
	void evalShaIsWhatLettuceWrites(int length) {
		byte[][] keys = { bytes('k', length), bytes('x', 1), new byte[0] };
		byte[][] args = { bytes('a', length + 1), "é".getBytes(StandardCharsets.UTF_8) };
		ScriptArgs ours = ScriptArgs.evalSha(SCRIPT, keys, ScriptArgs.of(args));
		CommandArgs<byte[], byte[]> lettuce = new CommandArgs<>(ByteArrayCodec.INSTANCE).add(SCRIPT.sha1())
			.add(keys.length)
			.addKeys(keys)
			.addValues(args);
		assertThat(encoded(ours)).isEqualTo(encoded(lettuce));
		assertThat(ours.count()).isEqualTo(lettuce.count());
		assertThat(ours.getFirstEncodedKey()).isEqualTo(ByteBuffer.wrap(keys[0]));
	}

	@Test
	void evalIsWhatLettuceWrites() {
		byte[][] keys = new byte[12][];
		Arrays.fill(keys, bytes('q', 30));
		byte[][] args = { bytes('1', 16) };
		ScriptArgs ours = ScriptArgs.eval(SCRIPT, keys, ScriptArgs.of(args));
		CommandArgs<byte[], byte[]> lettuce = new CommandArgs<>(ByteArrayCodec.INSTANCE).add(SCRIPT.source())
			.add(keys.length)
			.addKeys(keys)
			.addValues(args);
		assertThat(encoded(ours)).isEqualTo(encoded(lettuce));
		assertThat(ours.count()).isEqualTo(lettuce.count());
	}

	@Test
	void writtenArgumentsAreWhatTheirBytesWrite() {
		String[] texts = { "01JABCDEFGHJKMNPQRSTVWXYZ0", "", "naïve-ünïcode-é", "x".repeat(300) };
		long[] numbers = { 0, 9, 10, 99, 100, 4_503_599_627_370_495L, Long.MAX_VALUE, -7, Long.MIN_VALUE };
		ArgsWriter writer = new ArgsWriter() {

			@Override
			public int count() {
				return 1 + texts.length + numbers.length;
			}

			@Override
			public void writeTo(Sink sink) {
				sink.bytes(bytes('b', 12));
				for (String text : texts) {
					sink.text(text);
				}
				for (long number : numbers) {
					sink.decimal(number);
				}
			}

		};
		List<byte[]> expected = new ArrayList<>();
		expected.add(bytes('b', 12));
		for (String text : texts) {
			expected.add(text.getBytes(StandardCharsets.UTF_8));
		}
		for (long number : numbers) {
			expected.add(Long.toString(number).getBytes(StandardCharsets.UTF_8));
		}
		byte[][] keys = { bytes('k', 3) };
		assertThat(ScriptArgs.bytes(writer)).isDeepEqualTo(expected.toArray(byte[][]::new));
		assertThat(encoded(ScriptArgs.evalSha(SCRIPT, keys, writer)))
			.isEqualTo(encoded(ScriptArgs.evalSha(SCRIPT, keys, ScriptArgs.of(expected.toArray(byte[][]::new)))));
		assertThat(ScriptArgs.evalSha(SCRIPT, keys, writer).count()).isEqualTo(2 + 1 + expected.size());
	}

	@Test
	void noKeysRoutesByNone() {
		assertThat(ScriptArgs.evalSha(SCRIPT, new byte[0][], ScriptArgs.of(new byte[0][])).getFirstEncodedKey())
			.isNull();
	}

	private static byte[] bytes(char c, int length) {
		byte[] bytes = new byte[length];
		Arrays.fill(bytes, (byte) c);
		return bytes;
	}

	private static String encoded(CommandArgs<byte[], byte[]> args) {
		ByteBuf buf = Unpooled.buffer();
		try {
			args.encode(buf);
			return buf.toString(StandardCharsets.ISO_8859_1);
		}
		finally {
			buf.release();
		}
	}

}
