package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.RedisBrokerExtension;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis memory per pending task beyond its argument: at most 150 bytes; per completed
 * task remembered for the completed-ids window: at most 150 bytes (docs/key-layout.md
 * records the measured figures and where the bytes go; the pending test prints each key's
 * share).
 */
@ExtendWith(RedisBrokerExtension.class)
class BrokerMemoryIntegrationTests {

	private static final int TASKS = 100_000;

	/**
	 * An id of the length a submitter makes (14 characters, {@code ShortIds}); Redis's
	 * bytes depend on the length only.
	 */
	private static String id(int i) {
		return String.format("-0%012d", i);
	}

	/** A payload as the codec writes it, with a ~100-byte argument. */
	private static final String ARGUMENT = "\"" + "o".repeat(98) + "\"";

	private static LettuceConnectionFactory connectionFactory;

	private static RedisServer redis;

	@BeforeAll
	static void connect(RedisServer server, LettuceConnectionFactory factory) {
		redis = server;
		connectionFactory = factory;
	}

	@Test
	void aPendingTaskCostsAtMost150BytesBeyondItsArgument() {
		redis.flushAll();
		LuaRedisBroker broker = new LuaRedisBroker(connectionFactory, new RedisKeys("asynctask"));
		broker.enqueue(EnqueueRequest.now("default", "warm-up", "t", "{}", 25));
		broker.delete("default", "warm-up");
		long before = usedMemory();
		List<EnqueueRequest> batch = new ArrayList<>(1000);
		for (int i = 0; i < TASKS; i++) {
			String id = id(i);
			batch.add(EnqueueRequest.now("default", id, "MailTasks.sendReceipt",
					"{\"v\":1,\"args\":[" + ARGUMENT + "]}", 25));
			if (batch.size() == 1000) {
				broker.enqueueAll(batch);
				batch.clear();
			}
		}
		long perTask = (usedMemory() - before) / TASKS;
		long beyondArgument = perTask - ARGUMENT.length();
		System.out.printf("RESULT {\"scenario\":\"memory\",\"bytesPerTask\":%d,\"beyondArgument\":%d,%s}%n", perTask,
				beyondArgument, String.join(",", share("t"), share("p"), share("pending")));
		assertThat(beyondArgument).isLessThanOrEqualTo(150);
	}

	@Test
	void aCompletedTaskRememberedForTheCompletedIdsWindowCostsAtMost150Bytes() {
		redis.flushAll();
		LuaRedisBroker broker = new LuaRedisBroker(connectionFactory, new RedisKeys("asynctask"), Duration.ZERO,
				LuaRedisBroker.DEFAULT_REPLY_TIMEOUT, Duration.ofHours(1));
		List<EnqueueRequest> batch = new ArrayList<>(1000);
		for (int i = 0; i < TASKS; i++) {
			batch.add(EnqueueRequest.now("default", id(i), "MailTasks.sendReceipt",
					"{\"v\":1,\"args\":[" + ARGUMENT + "]}", 25));
			if (batch.size() == 1000) {
				broker.enqueueAll(batch);
				batch.clear();
			}
		}
		for (List<Delivery> deliveries = broker.dequeue("default", 1000, Duration.ofMinutes(1)); !deliveries
			.isEmpty(); deliveries = broker.dequeue("default", 1000, Duration.ofMinutes(1))) {
			broker.completeAll(deliveries, Duration.ZERO);
		}
		String done = "asynctask:{default}:done";
		assertThat(redis.cli("ZCARD", done).trim()).isEqualTo(Integer.toString(TASKS));
		long perId = Long.parseLong(redis.cli("MEMORY", "USAGE", done, "SAMPLES", "0").trim()) / TASKS;
		System.out.printf("RESULT {\"scenario\":\"memory-completed-ids\",\"bytesPerCompletedId\":%d}%n", perId);
		assertThat(perId).isLessThanOrEqualTo(150);
	}

	/**
	 * A key's bytes per task ({@code MEMORY USAGE}, every element counted) and encoding.
	 */
	private static String share(String part) {
		String key = "asynctask:{default}:" + part;
		String usage = redis.cli("MEMORY", "USAGE", key, "SAMPLES", "0");
		double perTask = (usage == null || usage.isBlank()) ? 0 : Long.parseLong(usage.trim()) / (double) TASKS;
		return String.format("\"%s\":{\"bytesPerTask\":%.1f,\"encoding\":\"%s\"}", part, perTask,
				String.valueOf(redis.cli("OBJECT", "ENCODING", key)).trim());
	}

	private static long usedMemory() {
		for (String line : redis.cli("INFO", "memory").split("\r?\n")) {
			if (line.startsWith("used_memory:")) {
				return Long.parseLong(line.substring("used_memory:".length()).trim());
			}
		}
		throw new IllegalStateException("INFO memory has no used_memory line");
	}

}
