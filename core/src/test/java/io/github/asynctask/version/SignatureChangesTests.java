package io.github.asynctask.version;

import java.util.List;
import java.util.Map;

import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.codec.TaskCodecException;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TestDefinitions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Which changes of a task method's parameters stored tasks survive without a version
 * bump, with the built-in codec and Jackson's defaults: each claim of
 * docs/changing-task-signatures.md is one test here. A payload is written by the method
 * "before" and read by the method "after".
 */
class SignatureChangesTests {

	private final TaskCodec codec = new JacksonTaskCodec(JsonMapper.builder().build(),
			JacksonTaskCodec.DEFAULT_MAX_PAYLOAD_BYTES);

	@Test
	void renamingAMethodParameterIsSafeBecauseArgumentsArePositional() {
		Object read = rewritten(new Before(), "named", new After(), "renamedParameter", "x");
		assertThat(read).isEqualTo("x");
	}

	@Test
	void addingANullableFieldToARecordIsSafeAndReadsNull() {
		Object read = rewritten(new Before(), "order", new After(), "addedNullable", new Order("o-1", 2));
		assertThat(read).isEqualTo(new OrderWithNote("o-1", 2, null));
	}

	@Test
	void addingAPrimitiveFieldToARecordFailsTheStoredTasks() {
		assertThatThrownBy(() -> rewritten(new Before(), "order", new After(), "addedPrimitive", new Order("o-1", 2)))
			.isInstanceOf(TaskCodecException.class)
			.hasMessageContaining("Argument 0 ('order')")
			.hasMessageContaining("at weight");
	}

	@Test
	void wideningANumberIsSafe() {
		Object read = rewritten(new Before(), "count", new After(), "widened", 7);
		assertThat(read).isEqualTo(7L);
	}

	@Test
	void removingAFieldIsSafeAndDropsItsValue() {
		Object read = rewritten(new Before(), "order", new After(), "removedField", new Order("o-1", 2));
		assertThat(read).isEqualTo(new OrderWithoutQuantity("o-1"));
	}

	@Test
	void renamingAPrimitiveFieldFailsTheStoredTasks() {
		assertThatThrownBy(() -> rewritten(new Before(), "order", new After(), "renamedField", new Order("o-1", 2)))
			.isInstanceOf(TaskCodecException.class)
			.hasMessageContaining("Argument 0 ('order')")
			.hasMessageContaining("at amount");
	}

	@Test
	void renamingANullableFieldSilentlyReadsNullWithoutAnUpcaster() {
		Object read = rewritten(new Before(), "order", new After(), "renamedNullable", new Order("o-1", 2));
		assertThat(read).isEqualTo(new OrderWithCount("o-1", null));
	}

	@Test
	void addingAMethodParameterFailsTheStoredTasks() {
		assertThatThrownBy(() -> rewritten(new Before(), "named", new After(), "addedParameter", "x"))
			.isInstanceOf(TaskCodecException.class)
			.hasMessageContaining("has 1 arguments but the method takes 2");
	}

	@Test
	void narrowingATypeFailsTheStoredTasksWhoseValuesDoNotFit() {
		assertThatThrownBy(() -> rewritten(new Before(), "named", new After(), "narrowed", "not a number"))
			.isInstanceOf(TaskCodecException.class)
			.hasMessageContaining("Argument 0 ('number')");
	}

	@Test
	void removingAnEnumConstantFailsTheStoredTasksThatUseIt() {
		assertThatThrownBy(() -> rewritten(new Before(), "status", new After(), "fewerConstants", Status.HELD))
			.isInstanceOf(TaskCodecException.class)
			.hasMessageContaining("HELD");
	}

	private Object rewritten(Object before, String written, Object after, String read, Object value) {
		TaskDefinition writer = TestDefinitions.of(before, written);
		String payload = this.codec.encode(writer, new Object[] { value }, Map.of(), null);
		TaskDefinition reader = TestDefinitions.of(after, read);
		return this.codec.decode(reader, payload).args()[0];
	}

	record Order(String id, int quantity) {
	}

	record OrderWithNote(String id, int quantity, String note) {
	}

	record OrderWithWeight(String id, int quantity, int weight) {
	}

	record OrderWithoutQuantity(String id) {
	}

	record OrderWithAmount(String id, int amount) {
	}

	record OrderWithCount(String id, Integer count) {
	}

	enum Status {

		NEW, HELD

	}

	enum FewerStatus {

		NEW

	}

	static class Before {

		void named(String name) {
		}

		void order(Order order) {
		}

		void count(int count) {
		}

		void status(Status status) {
		}

	}

	static class After {

		void renamedParameter(String label) {
		}

		void addedNullable(OrderWithNote order) {
		}

		void addedPrimitive(OrderWithWeight order) {
		}

		void widened(long count) {
		}

		void removedField(OrderWithoutQuantity order) {
		}

		void renamedField(OrderWithAmount order) {
		}

		void renamedNullable(OrderWithCount order) {
		}

		void addedParameter(String name, List<String> tags) {
		}

		void narrowed(int number) {
		}

		void fewerConstants(FewerStatus status) {
		}

	}

}
