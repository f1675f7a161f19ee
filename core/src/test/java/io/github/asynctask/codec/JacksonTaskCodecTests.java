package io.github.asynctask.codec;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TestDefinitions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class JacksonTaskCodecTests {

	private final JacksonTaskCodec codec = new JacksonTaskCodec(JsonMapper.builder().build(),
			JacksonTaskCodec.DEFAULT_MAX_PAYLOAD_BYTES);

	private final Tasks tasks = new Tasks();

	@Test
	void roundTripsRecordsGenericsTimeTypesEnumsOptionalsAndNulls() {
		TaskDefinition definition = TestDefinitions.of(this.tasks, "everything");
		Order order = new Order(42L, new BigDecimal("10.50"), List.of(new Item("book", 2)), Status.PAID);
		Map<String, BigDecimal> prices = new LinkedHashMap<>();
		prices.put("a", new BigDecimal("1.000"));
		prices.put("b", new BigDecimal("2E+3"));
		Object[] args = { order, List.of(new Item("pen", 1), new Item("ink", 3)), prices,
				Instant.parse("2026-01-02T03:04:05.123456789Z"), LocalDate.of(2026, 2, 28),
				OffsetDateTime.parse("2026-01-02T03:04:05+02:00"), Duration.ofMinutes(90), Optional.of("x"),
				Optional.empty(), null, UUID.fromString("123e4567-e89b-12d3-a456-426614174000") };
		String payload = this.codec.encode(definition, args, Map.of(), null);
		DecodedPayload decoded = this.codec.decode(definition, payload);
		assertThat(decoded.args()).containsExactly(args);
		assertThat(((Order) decoded.args()[0]).total().scale()).isEqualTo(2);
		@SuppressWarnings("unchecked")
		Map<String, BigDecimal> decodedPrices = (Map<String, BigDecimal>) decoded.args()[2];
		assertThat(decodedPrices.get("a").scale()).isEqualTo(3);
		assertThat(decodedPrices.get("a")).isInstanceOf(BigDecimal.class);
		assertThat(decoded.headers()).isEmpty();
		assertThat(decoded.timeout()).isNull();
	}

	@Test
	void writesTheDocumentedShapeWithHeadersAndTimeout() {
		TaskDefinition definition = TestDefinitions.of(this.tasks, "simple");
		String payload = this.codec.encode(definition, new Object[] { "hi", 3 }, Map.of("trace", "abc"),
				Duration.ofSeconds(30));
		assertThat(payload).isEqualTo("{\"v\":1,\"args\":[\"hi\",3],\"h\":{\"trace\":\"abc\"},\"to\":30000}");
		DecodedPayload decoded = this.codec.decode(definition, payload);
		assertThat(decoded.headers()).containsExactly(Map.entry("trace", "abc"));
		assertThat(decoded.timeout()).isEqualTo(Duration.ofSeconds(30));
	}

	@Test
	void keepsTheApplicationMappersNamingSettings() {
		JacksonTaskCodec snake = new JacksonTaskCodec(
				JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build(), 1000);
		TaskDefinition definition = TestDefinitions.of(this.tasks, "item");
		String payload = snake.encode(definition, new Object[] { new Item("pen", 1) }, Map.of(), null);
		assertThat(payload).contains("\"item_count\":1");
		assertThat(snake.decode(definition, payload).args()).containsExactly(new Item("pen", 1));
	}

	@Test
	void anArgumentThatCannotBeWrittenFailsNamingTaskAndParameter() {
		TaskDefinition definition = TestDefinitions.of(this.tasks, "opaque");
		assertThatExceptionOfType(TaskCodecException.class)
			.isThrownBy(() -> this.codec.encode(definition, new Object[] { "ok", new Exploding() }, Map.of(), null))
			.withMessageContaining("Argument 1 ('value'")
			.withMessageContaining("task 'Tasks.opaque'");
	}

	@Test
	void aPayloadOverTheLimitIsRefusedWithSizeAndLimit() {
		JacksonTaskCodec small = new JacksonTaskCodec(JsonMapper.builder().build(), 64);
		TaskDefinition definition = TestDefinitions.of(this.tasks, "simple");
		assertThatExceptionOfType(TaskCodecException.class)
			.isThrownBy(() -> small.encode(definition, new Object[] { "x".repeat(100), 1 }, Map.of(), null))
			.withMessageContaining("Payload of task 'Tasks.simple' is 121 bytes, over the limit of 64 bytes");
	}

	@Test
	void deeplyNestedInputIsRefused() {
		TaskDefinition definition = TestDefinitions.of(this.tasks, "anything");
		String nested = "[".repeat(150) + "]".repeat(150);
		assertThatExceptionOfType(TaskCodecException.class)
			.isThrownBy(() -> this.codec.decode(definition, "{\"v\":1,\"args\":[" + nested + "]}"))
			.withMessageContaining("nesting depth");
	}

	@Test
	void classNamesInThePayloadAreNeverUsed() {
		TaskDefinition definition = TestDefinitions.of(this.tasks, "polymorphic");
		String payload = "{\"v\":1,\"args\":[{\"@class\":\"java.util.concurrent.atomic.AtomicLong\"}]}";
		assertThatExceptionOfType(TaskCodecException.class).isThrownBy(() -> this.codec.decode(definition, payload))
			.withMessageContaining("Argument 0 ('value') of task 'Tasks.polymorphic' cannot be read");
	}

	@Test
	void aClassNameInThePayloadIsNeverLoadedEvenForAClassParameter() {
		TaskDefinition definition = TestDefinitions.of(this.tasks, "type");
		String payload = "{\"v\":1,\"args\":[\"" + Initializer.class.getName() + "\"]}";
		assertThatExceptionOfType(TaskCodecException.class).isThrownBy(() -> this.codec.decode(definition, payload))
			.withMessageContaining("Argument 0 ('type') of task 'Tasks.type' cannot be read")
			.withMessageContaining("java.lang.Class");
		assertThat(InitializerFlag.FLAG).as("the named class's static initializer ran").isFalse();
	}

	@Test
	void malformedOrForeignPayloadsAreRefusedWithTheReason() {
		TaskDefinition definition = TestDefinitions.of(this.tasks, "simple");
		assertThatExceptionOfType(TaskCodecException.class)
			.isThrownBy(() -> this.codec.decode(definition, "{\"v\":2,\"args\":[\"a\",1]}"))
			.withMessageContaining("version 2");
		assertThatExceptionOfType(TaskCodecException.class)
			.isThrownBy(() -> this.codec.decode(definition, "{\"v\":1,\"args\":[\"a\"]}"))
			.withMessageContaining("has 1 arguments but the method takes 2");
		assertThatExceptionOfType(TaskCodecException.class)
			.isThrownBy(() -> this.codec.decode(definition, "{\"v\":1,\"args\":[\"a\",\"not a number\"]}"))
			.withMessageContaining("Argument 1 ('count')");
		assertThatExceptionOfType(TaskCodecException.class).isThrownBy(() -> this.codec.decode(definition, "[]"))
			.withMessageContaining("malformed");
		assertThatExceptionOfType(TaskCodecException.class)
			.isThrownBy(() -> this.codec.decode(definition, "{\"v\":1,\"args\":[\"a\",1],\"to\":-5}"))
			.withMessageContaining("has timeout \"to\": -5 ms; it must be positive");
	}

	@Test
	void anUnreadableFieldInsideAnArgumentIsNamedByItsPath() {
		TaskDefinition definition = TestDefinitions.of(this.tasks, "everything");
		String payload = "{\"v\":1,\"args\":[{\"id\":1,\"items\":[{\"name\":\"a\",\"itemCount\":1},"
				+ "{\"name\":\"b\",\"itemCount\":\"many\"}]}]}";
		assertThatExceptionOfType(TaskCodecException.class).isThrownBy(() -> this.codec.decode(definition, payload))
			.withMessageContaining("Argument 0 ('order')")
			.withMessageContaining(" at items[1].itemCount: ");
	}

	@Test
	void startUpCheckRefusesAbstractParameterTypesNamingBeanMethodAndParameter() {
		assertThat(this.codec.problems(TestDefinitions.of(this.tasks, "runnable"))).singleElement()
			.asString()
			.contains("Bean 'testBean' method Tasks.runnable parameter 0 ('job', java.lang.Runnable)")
			.contains("is abstract");
		assertThat(this.codec.problems(TestDefinitions.of(this.tasks, "listOfRunnables"))).hasSize(1);
		assertThat(this.codec.problems(TestDefinitions.of(this.tasks, "everything"))).isEmpty();
		assertThat(this.codec.problems(TestDefinitions.of(this.tasks, "polymorphic"))).isEmpty();
	}

	/** A class whose static initializer must never run because a payload named it. */
	static final class Initializer {

		static {
			InitializerFlag.FLAG.set(true);
		}

	}

	static final class InitializerFlag {

		static final java.util.concurrent.atomic.AtomicBoolean FLAG = new java.util.concurrent.atomic.AtomicBoolean();

	}

	static class Exploding {

		public String getValue() {
			throw new IllegalStateException("boom");
		}

	}

	enum Status {

		NEW, PAID

	}

	record Item(String name, int itemCount) {
	}

	record Order(Long id, BigDecimal total, List<Item> items, Status status) {
	}

	@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS)
	interface Shape {

	}

	static class Tasks {

		public void everything(Order order, List<Item> items, Map<String, BigDecimal> prices, Instant at, LocalDate day,
				OffsetDateTime offset, Duration duration, Optional<String> present, Optional<String> absent,
				ZonedDateTime nothing, UUID id) {
		}

		public void simple(String text, int count) {
		}

		public void item(Item item) {
		}

		public void opaque(String text, Object value) {
		}

		public void anything(Object value) {
		}

		public void polymorphic(Shape value) {
		}

		public void runnable(Runnable job) {
		}

		public void listOfRunnables(List<Runnable> jobs) {
		}

		public void type(Class<?> type) {
		}

	}

}
