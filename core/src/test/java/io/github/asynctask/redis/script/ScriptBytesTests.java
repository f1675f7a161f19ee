package io.github.asynctask.redis.script;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Numbers written as the bytes {@link Long#toString(long)} would give.
 */
class ScriptBytesTests {

	@ParameterizedTest
	@ValueSource(
			longs = { 0, 1, 9, 10, 99, 100, 12345, 9_007_199_254_740_991L, Long.MAX_VALUE, -1, -42, Long.MIN_VALUE })
	void decimalIsWhatToStringWrites(long value) {
		assertThat(ScriptBytes.decimal(value)).isEqualTo(Long.toString(value).getBytes(StandardCharsets.US_ASCII));
	}

}
