package io.github.asynctask.redis.script;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packed meta of key layout 3 ({@code lib.lua}): which tasks the scripts store in it,
 * how it goes through the moves that keep the one-field form, and what leaves it.
 */
class BrokerPackedMetaIntegrationTests extends BrokerIntegrationTestSupport {

	@Test
	void aScheduledTaskForwardedToPendingStaysPackedAndRecordsWhenItMoved() {
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "later", "mail.send", "[1]", 3).withDelay(Duration.ofMillis(1)));
		String scheduled = stored("later");
		assertThat(scheduled).matches("3\\|s\\|3\\|[0-9a-z]{8}\\|\\|mail\\.send\n\\[1\\]");
		TaskInfo created = this.broker.find(QUEUE, "later").orElseThrow();
		await(() -> this.broker.forward(QUEUE, 10).moved() == 1);
		String pending = stored("later");
		assertThat(pending).matches("3\\|p\\|3\\|[0-9a-z]{8}\\|[0-9a-z]{8}\\|mail\\.send\n\\[1\\]");
		TaskInfo forwarded = this.broker.find(QUEUE, "later").orElseThrow();
		assertThat(forwarded.state()).isEqualTo(TaskState.PENDING);
		assertThat(forwarded.createdAt()).isEqualTo(created.createdAt());
		assertThat(forwarded.updatedAt()).isAfter(created.createdAt());
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(delivery.attempt()).isEqualTo(1);
		assertThat(delivery.payload()).isEqualTo("[1]");
		assertThat(stored("later")).startsWith("3|a|1|3|").endsWith("|" + delivery.token() + "|mail.send\n[1]");
	}

	@Test
	void aNameWithABarIsPackedAndOneWithANewlineTakesJson() {
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "bar", "orders|ship", "[1]", 1));
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "newline", "orders\nship", "[2]", 1));
		assertThat(stored("bar")).startsWith("3|p|1|").endsWith("||orders|ship\n[1]");
		assertThat(stored("newline")).startsWith("{\"v\":1,\"n\":\"orders\\nship\",").endsWith("}\n[2]");
		assertThat(this.broker.dequeue(QUEUE, 2, LEASE)).extracting(Delivery::name)
			.containsExactly("orders|ship", "orders\nship");
		assertThat(stored("bar")).startsWith("3|a|1|1|").endsWith("|orders|ship\n[1]");
		assertThat(stored("newline")).startsWith("{")
			.contains("\"v\":1", "\"s\":\"a\"", "\"n\":\"orders\\nship\"")
			.endsWith("}\n[2]");
	}

	@Test
	void base36WritesTimesAsJavaReadsThem() throws IOException {
		String library;
		try (InputStream in = LuaSources.class.getResourceAsStream("/io/github/asynctask/redis/scripts/lib.lua")) {
			library = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		String script = "local out = {} for i, n in ipairs(ARGV) do out[i] = base36(tonumber(n)) end return out";
		String source = LuaLibrary.parse(library).forScript(script) + "\n" + script;
		long[] numbers = { 0, 1, 35, 36, 1295, 1296, 1_764_115_200_000L, (1L << 53) - 1 };
		String[] args = new String[3 + numbers.length];
		args[0] = "EVAL";
		args[1] = source;
		args[2] = "0";
		for (int i = 0; i < numbers.length; i++) {
			args[3 + i] = Long.toString(numbers[i]);
		}
		assertThat(fixture.redis.cli(args).split("\n"))
			.containsExactly(Arrays.stream(numbers).mapToObj((n) -> Long.toString(n, 36)).toArray(String[]::new));
	}

	@Test
	void aPayloadWithNewlinesReachesTheWorkerWholeOnTheFastAndTheGeneralPath() {
		String payload = "{\"args\":[\"a\nb\"],\n\"x\":\"\n\"}\n";
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "fast", "mail.send", payload, 3));
		Delivery first = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(first.payload()).isEqualTo(payload);
		assertThat(first.name()).isEqualTo("mail.send");
		// a failure converts the task to JSON meta and a payload of its own: the general
		// path
		this.broker.retry(first, Duration.ZERO, "boom");
		await(() -> this.broker.forward(QUEUE, 10).moved() == 1);
		Delivery second = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(second.payload()).isEqualTo(payload);
		assertThat(second.attempt()).isEqualTo(2);
		assertThat(second.token()).isNotEqualTo(first.token());
	}

	@Test
	void aFailedDeliveryLeavesThePackedFormForJsonWithTheError() {
		String id = fixture.enqueue();
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		this.broker.retry(delivery, Duration.ofHours(1), "boom");
		assertThat(stored(id)).startsWith("{").contains("\"v\":2", "\"e\":\"boom\"").doesNotContain("\n");
		TaskInfo info = this.broker.find(QUEUE, id).orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.RETRY);
		assertThat(info.attempts()).isEqualTo(1);
		assertThat(info.lastError()).isEqualTo("boom");
		assertThat(info.payload()).isEqualTo("{\"args\":[1]}");
	}

	@Test
	void aDeliveryWhoseLeaseExpiredIsRecoveredWithItsAttemptCounted() {
		String id = fixture.enqueue();
		this.broker.dequeue(QUEUE, 1, Duration.ofMillis(1));
		await(() -> this.broker.recover(QUEUE, 10, Duration.ZERO).recovered() == 1);
		TaskInfo info = this.broker.find(QUEUE, id).orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.RETRY);
		assertThat(info.attempts()).isEqualTo(1);
		assertThat(stored(id)).startsWith("{").contains("\"v\":2").doesNotContain("\n");
		assertThat(this.broker.forward(QUEUE, 10).moved()).isEqualTo(1);
		Delivery again = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(again.attempt()).isEqualTo(2);
		assertThat(again.payload()).isEqualTo("{\"args\":[1]}");
	}

	private String stored(String id) {
		return fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id);
	}

	private static void await(BooleanSupplier done) {
		Awaitility.await().atMost(Duration.ofSeconds(5)).until(done::getAsBoolean);
	}

}
