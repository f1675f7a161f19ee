package io.github.asynctask.redis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RedisKeysTests {

	@Test
	void keysShareTheQueueHashTag() {
		RedisKeys keys = new RedisKeys("asynctask");
		assertThat(keys.pending("mail")).isEqualTo("asynctask:{mail}:pending");
		assertThat(keys.unique("mail", "mail.receipt", "order-42"))
			.isEqualTo("asynctask:{mail}:u:12:mail.receipt:order-42");
		assertThat(keys.unique("mail", "t", "x".repeat(65))).startsWith("asynctask:{mail}:u:1:t:sha256:").hasSize(94);
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisKeys("bad{prefix"))
			.withMessageContaining("async-task.key-prefix");
	}

}
