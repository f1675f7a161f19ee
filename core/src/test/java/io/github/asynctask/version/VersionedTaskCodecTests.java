package io.github.asynctask.version;

import java.util.List;
import java.util.Map;

import io.github.asynctask.TaskUpcaster;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.codec.TaskCodecException;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TestDefinitions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The versioned codec over the built-in one: where the version is written, chains in
 * order, newer versions refused, and what the start-up check says about a chain.
 */
class VersionedTaskCodecTests {

	private final JacksonTaskCodec jackson = new JacksonTaskCodec(JsonMapper.builder().build(),
			JacksonTaskCodec.DEFAULT_MAX_PAYLOAD_BYTES);

	@Test
	void version1PayloadsKeepTheirShapeAndOthersCarryTheVersionWhereItIsPeekedAt() {
		String v1 = this.jackson.encode(TestDefinitions.of(new V1(), "run"), new Object[] { "a" }, Map.of(), null);
		String v3 = this.jackson.encode(TestDefinitions.of(new V3(), "run"), new Object[] { "a" }, Map.of(), null);
		assertThat(v1).isEqualTo("{\"v\":1,\"args\":[\"a\"]}");
		assertThat(v3).isEqualTo("{\"v\":1,\"tv\":3,\"args\":[\"a\"]}");
		assertThat(StoredVersion.of(v1)).isEqualTo(1);
		assertThat(StoredVersion.of(v3)).isEqualTo(3);
	}

	@Test
	void upcastersApplyInOrderFromTheStoredVersionToTheMethods() {
		VersionedTaskCodec codec = new VersionedTaskCodec(this.jackson,
				List.of(new Append(2, "-from2"), new Append(1, "-from1")));
		String stored1 = this.jackson.encode(TestDefinitions.of(new V1(), "run"), new Object[] { "a" }, Map.of(), null);
		String stored2 = this.jackson.encode(TestDefinitions.of(new V2(), "run"), new Object[] { "b" }, Map.of(), null);
		TaskDefinition v3 = TestDefinitions.of(new V3(), "run");
		assertThat(codec.decode(v3, stored1).args()).containsExactly("a-from1-from2");
		assertThat(codec.decode(v3, stored2).args()).containsExactly("b-from2");
		assertThat(codec.problems(v3)).isEmpty();
	}

	@Test
	void aTaskOfANewerVersionIsRefusedForAnInstanceThatKnowsIt() {
		VersionedTaskCodec codec = new VersionedTaskCodec(this.jackson, List.of());
		String stored3 = this.jackson.encode(TestDefinitions.of(new V3(), "run"), new Object[] { "c" }, Map.of(), null);
		assertThatThrownBy(() -> codec.decode(TestDefinitions.of(new V2(), "run"), stored3))
			.isInstanceOfSatisfying(NewerTaskVersionException.class, (ex) -> {
				assertThat(ex.storedVersion()).isEqualTo(3);
				assertThat(ex.knownVersion()).isEqualTo(2);
			});
	}

	@Test
	void aFailingUpcasterNamesItselfTheTaskAndTheStep() {
		TaskUpcaster failing = new Append(1, "") {
			@Override
			public ArrayNode upcast(ArrayNode arguments) {
				throw new IllegalStateException("boom");
			}
		};
		VersionedTaskCodec codec = new VersionedTaskCodec(this.jackson, List.of(failing, new Append(2, "")));
		String stored1 = this.jackson.encode(TestDefinitions.of(new V1(), "run"), new Object[] { "a" }, Map.of(), null);
		assertThatThrownBy(() -> codec.decode(TestDefinitions.of(new V3(), "run"), stored1))
			.isInstanceOf(TaskCodecException.class)
			.hasMessageContaining("from version 1 to 2 failed")
			.hasMessageContaining("boom")
			.hasMessageContaining("stored at version 1, read as version 3");
	}

	@Test
	void aGapAnUpcasterAtTheMethodsVersionAndADoubledStepAreStartUpProblems() {
		TaskDefinition v3 = TestDefinitions.of(new V3(), "run");
		assertThat(new VersionedTaskCodec(this.jackson, List.of(new Append(1, ""))).problems(v3))
			.singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
			.contains("none from version 2 to 3");
		assertThat(
				new VersionedTaskCodec(this.jackson, List.of(new Append(1, ""), new Append(2, ""), new Append(3, "")))
					.problems(v3))
			.singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
			.contains("reads version 3");
		assertThat(new VersionedTaskCodec(this.jackson, List.of(new Append(2, ""), new Append(2, ""))).problems(v3))
			.singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
			.contains("has 2 upcasters from version 2");
	}

	/** Appends a suffix to the first argument, a string. */
	static class Append implements TaskUpcaster {

		private final int from;

		private final String suffix;

		Append(int from, String suffix) {
			this.from = from;
			this.suffix = suffix;
		}

		@Override
		public String taskName() {
			return "V3.run";
		}

		@Override
		public int fromVersion() {
			return this.from;
		}

		@Override
		public ArrayNode upcast(ArrayNode arguments) {
			arguments.set(0, arguments.get(0).asString() + this.suffix);
			return arguments;
		}

	}

	static class V1 {

		@AsyncTask
		void run(String text) {
		}

	}

	static class V2 {

		@AsyncTask(version = 2)
		void run(String text) {
		}

	}

	static class V3 {

		@AsyncTask(version = 3)
		void run(String text) {
		}

	}

}
