package io.github.asynctask.redis.script;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reading script replies as Spring Data Redis hands them over.
 */
class RepliesTests {

	@Test
	void aValueIsSplitAtItsFirstNewlineOnly() {
		assertThat(Replies.splitAtFirstNewline(bytes("3|a|1|25|x||n\n[\"é\n\"]"))).containsExactly("3|a|1|25|x||n",
				"[\"é\n\"]");
	}

	@Test
	void aValueWithoutNewlineIsAllHead() {
		assertThat(Replies.splitAtFirstNewline(bytes("{\"v\":2}"))).containsExactly("{\"v\":2}", "");
		assertThat(Replies.splitAtFirstNewline(bytes("meta\n"))).containsExactly("meta", "");
	}

	@Test
	void aReplyThatIsNoByteArrayIsReadAsText() {
		assertThat(Replies.splitAtFirstNewline("m\np\nq")).containsExactly("m", "p\nq");
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
