package io.github.asynctask.codec;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TestDefinitions;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

import static org.assertj.core.api.Assertions.assertThat;

class PlainStringArgsTests {

	private static final JsonMapper JACKSON = JsonMapper.builder().build();

	/** Payloads the plain reader must read, each the way Jackson does. */
	private static final List<String> PLAIN = List.of("{\"v\":1,\"args\":[]}", "{\"v\":1,\"args\":[\"\"]}",
			"{\"v\":1,\"args\":[\"a\"]}", "{\"v\":1,\"args\":[\"a\",\"\"]}", "{\"v\":1,\"args\":[\"\",\"b c\"]}",
			"{\"v\":1,\"args\":[\"é€😀 日本\",\"x\"]}", "{\"v\":1,\"args\":[\"]}\",\"[{,:\"]}",
			"{\"v\":1,\"args\":[\"" + "x".repeat(5000) + "\"]}", "{\"v\":1,\"args\":[\"null\",\"1\"]}");

	/** Payloads it must leave to Jackson (whatever Jackson then makes of them). */
	private static final List<String> NOT_PLAIN = List.of("{\"v\":1,\"args\":[\"a\\\"b\"]}",
			"{\"v\":1,\"args\":[\"a\\nb\"]}", "{\"v\":1,\"args\":[\"\\u00e9\"]}", "{\"v\":1,\"args\":[null]}",
			"{\"v\":1,\"args\":[1]}", "{\"v\":1,\"args\":[true]}", "{\"v\":1,\"args\":[\"a\" ]}",
			"{\"v\":1,\"args\":[ \"a\"]}", "{\"v\":1,\"args\":[\"a\",]}", "{\"v\":1,\"args\":[,\"a\"]}",
			"{\"v\":1,\"args\":[\"a\"\"b\"]}", "{\"v\":1,\"args\":[\"a]}", "{\"v\":1,\"args\":[\"a\"],\"to\":5}",
			"{\"v\":1,\"args\":[\"a\"],\"h\":{\"k\":\"v\"}}", "{\"v\":1,\"tv\":2,\"args\":[\"a\"]}",
			"{\"v\":2,\"args\":[\"a\"]}", "{\"args\":[\"a\"],\"v\":1}", "{\"v\":1,\"args\":[\"a\tb\"]}",
			"{\"v\":1,\"args\":[[\"a\"]]}", "{\"v\":1,\"args\":[{\"a\":\"b\"}]}", "{\"v\":1,\"args\":[\"a\"]} ",
			"{\"v\":1,\"args\":[\"a\"]}\"]}", "{\"v\":1,\"args\":[\"a\",\"b\",\"c\"]}", "");

	@Test
	void readsPlainPayloadsAsJacksonDoes() {
		for (String payload : PLAIN) {
			List<String> jackson = jacksonArgs(payload);
			assertThat(PlainStringArgs.read(payload, jackson.size())).as(payload).containsExactlyElementsOf(jackson);
		}
	}

	@Test
	void leavesEverythingElseToJackson() {
		for (String payload : NOT_PLAIN) {
			assertThat(PlainStringArgs.read(payload, 1)).as(payload).isNull();
			assertThat(PlainStringArgs.read(payload, 2)).as(payload).isNull();
		}
	}

	@Test
	void leavesAWrongNumberOfArgumentsToJackson() {
		assertThat(PlainStringArgs.read("{\"v\":1,\"args\":[\"a\",\"b\"]}", 1)).isNull();
		assertThat(PlainStringArgs.read("{\"v\":1,\"args\":[\"a\"]}", 2)).isNull();
		assertThat(PlainStringArgs.read("{\"v\":1,\"args\":[]}", 1)).isNull();
	}

	@Test
	void theCodecReadsStringArgumentsAsJacksonDoesPlainOrNot() {
		JacksonTaskCodec codec = new JacksonTaskCodec(JACKSON, JacksonTaskCodec.DEFAULT_MAX_PAYLOAD_BYTES);
		TaskDefinition definition = TestDefinitions.of(new Tasks(), "two");
		List<String> payloads = new ArrayList<>();
		PLAIN.stream().filter((payload) -> jacksonArgs(payload).size() == 2).forEach(payloads::add);
		payloads.addAll(List.of("{\"v\":1,\"args\":[\"a\\\"b\",\"\\u00e9\\n\"]}", "{\"v\":1,\"args\":[null,\"x\"]}",
				"{\"v\":1,\"args\":[\"a\", \"b\"],\"h\":{\"k\":\"v\"},\"to\":5}"));
		for (String payload : payloads) {
			assertThat(codec.decode(definition, payload).args()).as(payload)
				.containsExactly(jacksonArgs(payload).toArray());
		}
		assertThat(codec.decode(definition, payloads.get(payloads.size() - 1)).headers()).containsEntry("k", "v");
	}

	@Test
	void aStringDeserializerOfTheApplicationIsNotBypassed() {
		SimpleModule upper = new SimpleModule().addDeserializer(String.class, new StdDeserializer<>(String.class) {
			@Override
			public String deserialize(JsonParser parser, DeserializationContext context) {
				return parser.getString().toUpperCase();
			}
		});
		JacksonTaskCodec codec = new JacksonTaskCodec(JsonMapper.builder().addModule(upper).build(),
				JacksonTaskCodec.DEFAULT_MAX_PAYLOAD_BYTES);
		TaskDefinition definition = TestDefinitions.of(new Tasks(), "two");
		assertThat(codec.decode(definition, "{\"v\":1,\"args\":[\"a\",\"b\"]}").args()).containsExactly("A", "B");
	}

	private static List<String> jacksonArgs(String payload) {
		List<String> args = new ArrayList<>();
		for (JsonNode arg : JACKSON.readTree(payload).get("args")) {
			args.add(arg.isNull() ? null : arg.asString());
		}
		return args;
	}

	static class Tasks {

		public void two(String first, String second) {
		}

	}

}
