package io.github.asynctask;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class QueueNameTests {

	@ParameterizedTest
	@ValueSource(strings = { "default", "mail", "orders.eu-1", "a:b", "ünïcode" })
	void acceptsOrdinaryNames(String name) {
		assertThat(QueueName.check(name)).isEqualTo(name);
	}

	@ParameterizedTest
	@ValueSource(strings = { "a{b", "a}b", "a b", "t\th", "n\nl" })
	void refusesBracesAndWhitespaceSayingWhereTheyAre(String name) {
		assertThatIllegalArgumentException().isThrownBy(() -> QueueName.check(name))
			.withMessageContaining("must not contain braces, whitespace or control characters")
			.withMessageContaining("at index 1");
	}

	@Test
	void refusesEmptyAndOverlongNames() {
		assertThatIllegalArgumentException().isThrownBy(() -> QueueName.check(""))
			.withMessage("Queue name must not be empty");
		assertThatIllegalArgumentException().isThrownBy(() -> QueueName.check("q".repeat(101)))
			.withMessageContaining("has 101 characters; at most 100 are allowed");
		assertThat(QueueName.check("q".repeat(100))).hasSize(100);
	}

}
