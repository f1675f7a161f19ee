package io.github.asynctask.definition;

import org.junit.jupiter.api.Test;

import org.springframework.expression.ParseException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BizIdEvaluatorTests {

	private final BizIdEvaluator evaluator = new BizIdEvaluator();

	private final Tasks tasks = new Tasks();

	@Test
	void readsParametersByNameAndByIndex() {
		Order order = new Order(42L, "EUR");
		assertThat(this.evaluator.evaluate(TestDefinitions.of(this.tasks, "receipt", "#order.id"),
				new Object[] { order, 7 }))
			.isEqualTo("42");
		assertThat(this.evaluator.evaluate(TestDefinitions.of(this.tasks, "receipt", "#p0.currency + '-' + #a1"),
				new Object[] { order, 7 }))
			.isEqualTo("EUR-7");
	}

	@Test
	void exposesTheTaskNameAsRootProperty() {
		assertThat(this.evaluator.evaluate(TestDefinitions.of(this.tasks, "receipt", "name + ':' + #copies"),
				new Object[] { new Order(1L, "USD"), 2 }))
			.isEqualTo("Tasks.receipt:2");
	}

	@Test
	void noExpressionOrANullResultMeansNoBizId() {
		assertThat(this.evaluator.evaluate(TestDefinitions.of(this.tasks, "receipt"), new Object[] { null, 1 }))
			.isNull();
		assertThat(this.evaluator.evaluate(TestDefinitions.of(this.tasks, "receipt", "#order?.id"),
				new Object[] { null, 1 }))
			.isNull();
	}

	@Test
	void anExpressionFailingOnTheArgumentsNamesTheTask() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.evaluator.evaluate(TestDefinitions.of(this.tasks, "receipt", "#order.id"),
					new Object[] { null, 1 }))
			.withMessageContaining("bizId expression '#order.id'")
			.withMessageContaining("task 'Tasks.receipt'");
	}

	@Test
	void parseRefusesInvalidSpel() {
		assertThatExceptionOfType(ParseException.class).isThrownBy(() -> this.evaluator.parse("#order.("));
	}

	record Order(Long id, String currency) {
	}

	static class Tasks {

		public void receipt(Order order, int copies) {
		}

	}

}
