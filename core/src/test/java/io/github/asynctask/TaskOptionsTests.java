package io.github.asynctask;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TaskOptionsTests {

	@Test
	void defaultsSetNothing() {
		TaskOptions options = TaskOptions.defaults();
		assertThat(options.getDelay()).isNull();
		assertThat(options.getAt()).isNull();
		assertThat(options.getBizId()).isNull();
		assertThat(options.getQueue()).isNull();
		assertThat(options.getMaxRetries()).isNull();
		assertThat(options.getTimeout()).isNull();
	}

	@Test
	void eachOptionReturnsANewInstanceAndLeavesTheOriginalAlone() {
		TaskOptions base = TaskOptions.defaults().bizId("order-42");
		TaskOptions changed = base.queue("mail").maxRetries(3).timeout(Duration.ofSeconds(5));
		assertThat(base.getQueue()).isNull();
		assertThat(base.getMaxRetries()).isNull();
		assertThat(changed.getBizId()).isEqualTo("order-42");
		assertThat(changed.getQueue()).isEqualTo("mail");
		assertThat(changed.getMaxRetries()).isEqualTo(3);
		assertThat(changed.getTimeout()).isEqualTo(Duration.ofSeconds(5));
		assertThat(changed).isEqualTo(base.queue("mail").maxRetries(3).timeout(Duration.ofSeconds(5)));
		assertThat(changed).isNotEqualTo(base);
	}

	@Test
	void delayAndAtReplaceEachOther() {
		Instant at = Instant.parse("2030-01-01T00:00:00Z");
		TaskOptions withAt = TaskOptions.defaults().delay(Duration.ofMinutes(15)).at(at);
		assertThat(withAt.getAt()).isEqualTo(at);
		assertThat(withAt.getDelay()).isNull();
		TaskOptions withDelay = withAt.delay(Duration.ofMinutes(1));
		assertThat(withDelay.getAt()).isNull();
		assertThat(withDelay.getDelay()).isEqualTo(Duration.ofMinutes(1));
	}

	@Test
	void refusesInvalidValuesWithTheReason() {
		TaskOptions options = TaskOptions.defaults();
		assertThatIllegalArgumentException().isThrownBy(() -> options.delay(Duration.ofSeconds(-1)))
			.withMessageContaining("delay must not be negative");
		assertThatIllegalArgumentException().isThrownBy(() -> options.maxRetries(-1))
			.withMessageContaining("maxRetries must be >= 0");
		assertThatIllegalArgumentException().isThrownBy(() -> options.timeout(Duration.ZERO))
			.withMessageContaining("timeout must be positive");
		assertThatIllegalArgumentException().isThrownBy(() -> options.bizId(""))
			.withMessageContaining("bizId must not be empty");
		assertThatIllegalArgumentException().isThrownBy(() -> options.queue("a{b}"))
			.withMessageContaining("Queue name 'a{b}'");
	}

}
