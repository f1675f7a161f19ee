package io.github.asynctask.redis.script;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import io.github.asynctask.redis.Delivery;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The numbers of a task's meta keep to one range ({@link StoredNumbers}, the same in
 * {@code lib.lua}) for every writer and reader: a meta with a number outside it goes to
 * dead at its fetch with the field named, before its body runs, instead of being written
 * in a form the next transition cannot read (buried after the body ran) or read in Java
 * as another number; at the range's edge a task runs and completes; a submit outside it
 * is refused naming the field.
 */
class StoredNumbersIntegrationTests extends BrokerIntegrationTestSupport {

	/** The first connection can take seconds on a loaded machine: not what is tested. */
	@BeforeAll
	static void connected() {
		await().atMost(Duration.ofMinutes(1)).ignoreExceptions().until(() -> fixture.broker.stats(QUEUE) != null);
	}

	static Stream<Arguments> outOfRange() {
		long now = System.currentTimeMillis();
		return Stream.of(
				arguments("m", "{\"v\":2,\"n\":\"mail.send\",\"s\":\"p\",\"m\":1000000000000000,\"c\":" + now + "}"),
				arguments("m", "{\"v\":2,\"n\":\"mail.send\",\"s\":\"p\",\"m\":3000000000,\"c\":" + now + "}"),
				arguments("a", "{\"v\":2,\"n\":\"mail.send\",\"s\":\"p\",\"a\":3000000000,\"m\":1,\"c\":" + now + "}"),
				arguments("c", "{\"v\":2,\"n\":\"mail.send\",\"s\":\"p\",\"m\":1,\"c\":9007199254740991}"),
				arguments("t",
						"{\"v\":2,\"n\":\"mail.send\",\"s\":\"p\",\"m\":1,\"c\":" + now + ",\"t\":100000000000000}"));
	}

	@ParameterizedTest(name = "{0}: {1}")
	@MethodSource("outOfRange")
	void aMetaNumberOutsideTheRangeSendsTheTaskToDeadAtItsFetchNamingTheField(String field, String meta) {
		String good = fixture.enqueue();
		fixture.storeRaw("poison", meta, "{}");
		fixture.redis.cli("RPUSH", this.keys.pending(QUEUE), "poison");
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).extracting(Delivery::id).containsExactly(good);
		TaskInfo dead = this.broker.find(QUEUE, "poison").orElseThrow();
		assertThat(dead.state()).isEqualTo(TaskState.DEAD);
		assertThat(dead.lastError()).startsWith("unreadable task data").contains("field " + field);
	}

	@Test
	void aPackedCountPastAJavaIntIsUnreadableInLuaAsInJava() {
		String good = fixture.enqueue();
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), "poison", "3|p|3000000000|0||mail.send\n{}");
		fixture.redis.cli("RPUSH", this.keys.pending(QUEUE), "poison");
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).extracting(Delivery::id).containsExactly(good);
		assertThat(this.broker.find(QUEUE, "poison").orElseThrow().lastError()).contains("unreadable packed meta");
	}

	@Test
	void atTheEdgeOfTheRangeATaskIsDeliveredAndCompletes() {
		long now = System.currentTimeMillis();
		fixture.storeRaw("edge", "{\"v\":2,\"n\":\"mail.send\",\"s\":\"p\",\"a\":0,\"m\":" + StoredNumbers.MAX_RETRIES
				+ ",\"c\":" + now + "}", "{}");
		fixture.redis.cli("RPUSH", this.keys.pending(QUEUE), "edge");
		List<Delivery> taken = this.broker.dequeue(QUEUE, 10, LEASE);
		assertThat(taken).singleElement().satisfies((delivery) -> {
			assertThat(delivery.maxRetries()).isEqualTo(StoredNumbers.MAX_RETRIES);
			assertThat(delivery.attempt()).isEqualTo(1);
		});
		assertThat(this.broker.retry(taken.get(0), Duration.ZERO, "again")).isEqualTo(AckResult.APPLIED);
		assertThat(this.broker.find(QUEUE, "edge").orElseThrow().maxRetries()).isEqualTo(StoredNumbers.MAX_RETRIES);
	}

	@Test
	void aSubmitWithMaxRetriesOutsideTheRangeIsRefusedNamingTheField() {
		String[] keys = { this.keys.tasks(QUEUE), this.keys.pending(QUEUE), this.keys.scheduled(QUEUE),
				this.keys.payloads(QUEUE), this.keys.wake(QUEUE), this.keys.noUnique(QUEUE), this.keys.done(QUEUE) };
		assertThatIllegalStateException()
			.isThrownBy(() -> eval(Scripts.ENQUEUE, keys, this.keys.dueChannel(QUEUE), "big", "mail.send", "{}",
					Long.toString(StoredNumbers.MAX_RETRIES + 1), "+0", "0"))
			.withMessageContaining("task 1 (big) has a bad max retries")
			.withMessageContaining(Long.toString(StoredNumbers.MAX_RETRIES));
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isZero();
	}

	private static void eval(LuaScript script, String[] keys, String... args) {
		List<String> call = new ArrayList<>(
				List.of("EVAL", new String(script.source(), StandardCharsets.UTF_8), Integer.toString(keys.length)));
		call.addAll(List.of(keys));
		call.addAll(List.of(args));
		fixture.redis.cli(call.toArray(String[]::new));
	}

}
