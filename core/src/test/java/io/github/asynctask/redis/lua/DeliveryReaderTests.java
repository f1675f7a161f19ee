package io.github.asynctask.redis.lua;

import java.nio.charset.StandardCharsets;

import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.script.Replies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A fetch's reply read from its bytes gives the delivery, or the error, that reading it
 * through {@link StoredTask} gives.
 */
class DeliveryReaderTests {

	private final DeliveryReader reader = new DeliveryReader();

	@ParameterizedTest
	@ValueSource(strings = { "3|a|1|25|lz8k2pts||4503599627370495|bench.noop\n{\"v\":1,\"args\":[\"x\"]}",
			"3|a|2|0|lz8k2pts|lz8k2ptt|7|mail.send\n[\"a\nb\"]", "3|a|1|3|LZ8K2PTS||7|upper.times\n{}",
			"3|a|1|3|0|1|1|name|with|bars\n{}", "3|a|1|3|0||1|\n{}", "3|a|1|3|0||1|naïve.ünïcode\n{\"é\":1}",
			"3|a|1|3|0||1|no.payload\n", "3|a|2147483647|2147483646|zg3d62r5r||9007199254740991|max\n{}",
			"3|a|+1|3|0||1|signed\n{}", "3|a|1|3|0||-7|negative.token\n{}", "3|a|01|003|00||0007|zeros\n{}",
			"{\"v\":1,\"n\":\"json.meta\",\"s\":\"a\",\"a\":1,\"k\":9,\"m\":2,\"c\":5}\n[]",
			"3|p|2|lz8k2pts||queued\n{}" })
	void readsAsStoredTaskDoes(String value) {
		byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
		Delivery read = this.reader.read("q", "01J".getBytes(StandardCharsets.UTF_8), bytes);
		String[] parts = Replies.splitAtFirstNewline(bytes);
		assertThat(read).isEqualTo(StoredTask.parse("01J", parts[0], parts[1]).toDelivery("q"));
		// the second reading takes the name seen before
		assertThat(this.reader.read("q", "01J".getBytes(StandardCharsets.UTF_8), bytes)).isEqualTo(read);
	}

	@ParameterizedTest
	@ValueSource(strings = { "3|a|1|3|zzzzzzzzzzzz||1|time.too.late\n{}", "3|a|2147483648|3|0||1|too.many\n{}",
			"3|a|1|2147483647|0||1|too.many.retries\n{}", "3|a||3|0||1|no.attempts\n{}", "3|a|1|3|0|1\n{}",
			"3|a|1|x|0||1|not.a.number\n{}", "3|a|1|3|0||99999999999999999999|token.overflows\n{}" })
	void refusesAsStoredTaskDoes(String value) {
		byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
		String[] parts = Replies.splitAtFirstNewline(bytes);
		Throwable expected = catchThrowable(() -> StoredTask.parse("01J", parts[0], parts[1]));
		assertThat(expected).isInstanceOf(IllegalStateException.class);
		assertThatIllegalStateException()
			.isThrownBy(() -> this.reader.read("q", "01J".getBytes(StandardCharsets.UTF_8), bytes))
			.withMessage(expected.getMessage());
	}

	@Test
	void namesSharingASlotAreEachReadRight() {
		for (int i = 0; i < 200; i++) {
			String name = "task." + i;
			Delivery read = this.reader.read("q", "id" + i,
					("3|a|1|3|0||" + i + "|" + name + "\n[" + i + "]").getBytes(StandardCharsets.UTF_8));
			assertThat(read.name()).isEqualTo(name);
			assertThat(read.token()).isEqualTo(i);
			assertThat(read.payload()).isEqualTo("[" + i + "]");
			assertThat(read.id()).isEqualTo("id" + i);
		}
	}

}
