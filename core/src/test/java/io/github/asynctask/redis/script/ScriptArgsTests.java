package io.github.asynctask.redis.script;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

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
		ScriptArgs ours = ScriptArgs.evalSha(SCRIPT, keys, args);
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
		ScriptArgs ours = ScriptArgs.eval(SCRIPT, keys, args);
		CommandArgs<byte[], byte[]> lettuce = new CommandArgs<>(ByteArrayCodec.INSTANCE).add(SCRIPT.source())
			.add(keys.length)
			.addKeys(keys)
			.addValues(args);
		assertThat(encoded(ours)).isEqualTo(encoded(lettuce));
		assertThat(ours.count()).isEqualTo(lettuce.count());
	}

	@Test
	void noKeysRoutesByNone() {
		assertThat(ScriptArgs.evalSha(SCRIPT, new byte[0][], new byte[0][]).getFirstEncodedKey()).isNull();
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
