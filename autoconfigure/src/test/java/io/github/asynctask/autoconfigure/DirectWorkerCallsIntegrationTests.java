package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import io.github.asynctask.autoconfigure.ZeroConfigurationIntegrationTests.AccountTasks;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code async-task.worker.direct-calls}: on by default, a worker's fetches and grouped
 * acks each go over a connection of their own, named {@code async-task-fetch} and
 * {@code async-task-acks} in {@code CLIENT LIST} (or the factory's client name); switched
 * off, neither connection exists and tasks still run.
 */
@ExtendWith(RedisExtension.class)
class DirectWorkerCallsIntegrationTests {

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		AccountTasks.ran.clear();
		this.runner = WorkerContexts.withTasks(AccountTasks.class, "spring.data.redis.host=" + redis.host(),
				"spring.data.redis.port=" + redis.port(), "async-task.direct-submits=false");
	}

	@Test
	void byDefaultFetchesAndAcksGoOverNamedConnectionsOfTheirOwn(RedisServer redis) {
		this.runner.run((context) -> {
			runOneTask(context, "d-1");
			assertThat(clientNames(redis)).contains("async-task-fetch", "async-task-acks");
		});
	}

	@Test
	void switchedOffFetchesAndAcksGoThroughTheClient(RedisServer redis) {
		this.runner.withPropertyValues("async-task.worker.direct-calls=false").run((context) -> {
			runOneTask(context, "o-1");
			assertThat(clientNames(redis)).doesNotContain("async-task-fetch", "async-task-acks");
		});
	}

	/** Submit one task and wait until it ran and Redis has its ack. */
	private static void runOneTask(ApplicationContext context, String entry) {
		context.getBean(AccountTasks.class).audit(entry);
		RedisBroker broker = context.getBean(RedisBroker.class);
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			assertThat(AccountTasks.ran).contains("audit " + entry);
			assertThat(broker.stats("default").active()).isZero();
			assertThat(broker.stats("default").pending()).isZero();
		});
	}

	private static List<String> clientNames(RedisServer redis) {
		return Arrays.stream(redis.cli("CLIENT", "LIST").split("\\R"))
			.flatMap((line) -> Arrays.stream(line.split(" ")))
			.filter((field) -> field.startsWith("name="))
			.map((field) -> field.substring("name=".length()))
			.toList();
	}

}
