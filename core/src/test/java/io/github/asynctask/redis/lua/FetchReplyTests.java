package io.github.asynctask.redis.lua;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.output.CommandOutput;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A dequeue reply read by Lettuce's output of its own gives the deliveries, the number
 * and the errors that the reply read as a generic list gives.
 */
class FetchReplyTests {

	private static final List<String> VALUES = List.of(
			"3|a|1|25|lz8k2pts||4503599627370495|bench.noop\n{\"v\":1,\"args\":[\"x\"]}",
			"3|a|2|0|lz8k2pts|lz8k2ptt|7|mail.send\n[\"a\nb\"]", "3|a|1|3|0|1|1|name|with|bars\n{}",
			"3|a|1|3|0||1|naïve.ünïcode\n{\"é\":1}", "3|a|1|3|0||1|no.payload\n", "3|a|+1|3|0||1|signed\n{}",
			"{\"v\":1,\"n\":\"json.meta\",\"s\":\"a\",\"a\":1,\"k\":9,\"m\":2,\"c\":5}\n[]",
			"3|a|1|3|0||1|long\n[\"" + "x".repeat(70_000) + "\"]", "3|p|2|lz8k2pts||queued\n{}");

	private final DeliveryReader reader = new DeliveryReader();

	@Test
	void readsEveryShapeAsTheGenericReplyDoes() {
		List<Object> generic = new ArrayList<>();
		for (int i = 0; i < VALUES.size(); i++) {
			generic.add(bytes("01J" + i));
			generic.add(bytes(VALUES.get(i)));
		}
		generic.add(1500L);
		FetchReply read = lettuce(generic);
		FetchReply expected = FetchReply.generic(generic);
		assertThat(read.deliveries("q", this.reader)).hasSize(VALUES.size())
			.isEqualTo(expected.deliveries("q", this.reader));
		assertThat(read.held()).isEqualTo(1500).isEqualTo(expected.held());
	}

	@Test
	void anEmptyReplyAndABareNumber() {
		assertThat(lettuce(List.of()).deliveries("q", this.reader)).isEmpty();
		assertThat(lettuce(List.of()).held()).isZero();
		FetchReply limited = lettuce(List.of(-250L));
		assertThat(limited.deliveries("q", this.reader)).isEmpty();
		assertThat(limited.held()).isEqualTo(-250);
	}

	@Test
	void refusesAValueAsTheGenericReplyDoes() {
		List<Object> generic = List.of(bytes("01J"), bytes("3|a|1|x|0||1|not.a.number\n{}"));
		Throwable expected = catchThrowable(() -> FetchReply.generic(generic).deliveries("q", this.reader));
		assertThat(expected).isInstanceOf(IllegalStateException.class);
		FetchReply read = lettuce(generic);
		assertThatIllegalStateException().isThrownBy(() -> read.deliveries("q", this.reader))
			.withMessage(expected.getMessage());
	}

	@Test
	void keepsANestedArrayInItsPlaceAsTheGenericReplyDoes() {
		List<Object> generic = List.of(List.of(bytes("a"), 3L), bytes("3|a|1|3|0||1|after.nested\n{}"), 7L);
		FetchReply read = lettuce(generic);
		// the nested array stands where an id would: the value after it is still that
		// pair's, and the number after them is the trailing one
		assertThat(read.deliveries("q", this.reader)).singleElement()
			.satisfies((delivery) -> assertThat(delivery.name()).isEqualTo("after.nested"));
		assertThat(FetchReply.generic(generic).deliveries("q", this.reader)).singleElement()
			.satisfies((delivery) -> assertThat(delivery.name()).isEqualTo("after.nested"));
		assertThat(read.held()).isEqualTo(7);
	}

	/**
	 * The events Lettuce's decoder gives the output for {@code reply}, from direct
	 * buffers.
	 */
	private FetchReply lettuce(List<?> reply) {
		CommandOutput<byte[], byte[], FetchReply> output = FetchReply.reading("q", this.reader).output();
		output.multiArray(reply.size());
		feed(output, reply, 1);
		output.complete(0);
		return output.get();
	}

	private static void feed(CommandOutput<byte[], byte[], FetchReply> output, List<?> items, int depth) {
		for (Object item : items) {
			if (item instanceof byte[] bytes) {
				// a direct buffer that starts past 0, as a slice of the client's buffer
				// does
				ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length + 3).position(3);
				buffer.put(bytes).position(3);
				output.set(buffer);
			}
			else if (item instanceof Long number) {
				output.set(number);
			}
			else if (item instanceof List<?> list) {
				output.multiArray(list.size());
				feed(output, list, depth + 1);
				output.complete(depth);
			}
		}
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
