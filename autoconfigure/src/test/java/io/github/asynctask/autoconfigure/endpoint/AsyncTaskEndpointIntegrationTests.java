package io.github.asynctask.autoconfigure.endpoint;

import io.github.asynctask.TaskState;
import io.github.asynctask.autoconfigure.endpoint.EndpointClient.Reply;
import io.github.asynctask.autoconfigure.console.ConsoleTestApplication;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.context.ConfigurableApplicationContext;

import static io.github.asynctask.autoconfigure.console.ConsoleTestApplication.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code asynctask} endpoint over HTTP in a running application with a real Redis:
 * the JSON for a known state, the writes' effects in Redis, and refusals.
 */
@ExtendWith(FlushedRedisExtension.class)
class AsyncTaskEndpointIntegrationTests {

	private static ConfigurableApplicationContext context;

	private static RedisBroker broker;

	private static EndpointClient client;

	@BeforeAll
	static void start(RedisServer redis) {
		context = ConsoleTestApplication.start(redis, "management.endpoints.web.exposure.include=asynctask",
				"management.endpoint.asynctask.access=unrestricted", "async-task.console.write-role=");
		broker = context.getBean(RedisBroker.class);
		client = new EndpointClient(context);
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	@Test
	void overviewShowsEveryQueueWithSizesPausedLatencyAndServingInstances() throws Exception {
		ConsoleTestApplication.submit(broker, "mail.receipt", "[1]");
		ConsoleTestApplication.seedDead(broker, "mail.receipt", "[2]", "IllegalStateException: smtp down");
		ConsoleTestApplication.heartbeat(broker);
		broker.pause(QUEUE);

		JsonNode overview = client.get("").body();
		JsonNode queue = overview.path("queues").get(0);
		assertThat(queue.path("name").asString()).isEqualTo(QUEUE);
		assertThat(queue.path("paused").asBoolean()).isTrue();
		assertThat(queue.path("latencyMillis").asLong()).isGreaterThanOrEqualTo(0);
		assertThat(queue.path("sizes").toString()).isEqualTo(
				"{\"pending\":1,\"scheduled\":0,\"active\":0,\"retry\":0,\"dead\":1,\"completed\":0,\"waiting\":0}");
		assertThat(queue.path("servedBy").toString())
			.isEqualTo("[{\"instance\":\"web-1:4242:ab12cd34\",\"busy\":1,\"concurrency\":4,\"pool\":null,"
					+ "\"weight\":0,\"strict\":false,\"rateLimit\":null}]");
		JsonNode instance = overview.path("instances").get(0);
		assertThat(instance.path("host").asString()).isEqualTo("web-1");
		assertThat(instance.path("pid").asLong()).isEqualTo(4242);
		assertThat(instance.path("threads").asInt()).isEqualTo(4);
		assertThat(instance.path("queues").toString()).isEqualTo("[\"mail\"]");
	}

	@Test
	void deadPageAndOneTaskShowNameAttemptsErrorAndArguments() throws Exception {
		String id = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[{\"order\":42}]",
				"IllegalStateException: smtp down");

		JsonNode page = client.get("/" + QUEUE + "?state=dead").body();
		assertThat(page.path("total").asLong()).isEqualTo(1);
		JsonNode task = page.path("tasks").get(0);
		assertThat(task.path("id").asString()).isEqualTo(id);
		assertThat(task.path("name").asString()).isEqualTo("mail.receipt");
		assertThat(task.path("state").asString()).isEqualTo("dead");
		assertThat(task.path("attempts").asInt()).isEqualTo(1);
		assertThat(task.path("lastError").asString()).isEqualTo("IllegalStateException: smtp down");

		JsonNode one = client.get("/" + QUEUE + "/" + id).body();
		assertThat(one.path("arguments").toString()).isEqualTo("[{\"order\":42}]");
		assertThat(one.path("argumentsHidden").asBoolean()).isFalse();
		assertThat(one.path("createdAt").asString()).endsWith("Z");
	}

	@Test
	void searchFindsATaskByBizIdAndItsDetailShowsItsAttempts() throws Exception {
		broker.registerQueues(java.util.List.of(QUEUE));
		broker.enqueue(io.github.asynctask.redis.EnqueueRequest
			.now(QUEUE, "t-42", "mail.receipt", "{\"v\":1,\"args\":[42],\"h\":{\"traceparent\":\"00-abc\"}}", 0)
			.withBizId("order-42", java.time.Duration.ofHours(24)));
		io.github.asynctask.redis.Delivery delivery = broker.dequeue(QUEUE, 1, java.time.Duration.ofSeconds(30)).get(0);
		broker.kill(delivery, "java.lang.IllegalStateException: smtp down",
				"{\"start\":1764050000000,\"end\":1764050000250,\"instance\":\"web-1\","
						+ "\"error\":\"java.lang.IllegalStateException\",\"message\":\"smtp down\",\"stack\":\"at A\"}");

		JsonNode found = client.get("?q=order-42&name=mail.receipt").body();
		assertThat(found.path("matches")).hasSize(1);
		assertThat(found.path("matches").get(0).path("id").asString()).isEqualTo("t-42");
		assertThat(found.path("matches").get(0).path("via").asString()).isEqualTo("bizId");
		assertThat(client.get("?q=t-42").body().path("matches").get(0).path("via").asString()).isEqualTo("id");

		JsonNode detail = client.get("/" + QUEUE + "/t-42?view=detail").body();
		assertThat(detail.path("state").asString()).isEqualTo("dead");
		assertThat(detail.path("history")).hasSize(1);
		assertThat(detail.path("history").get(0).path("message").asString()).isEqualTo("smtp down");
		assertThat(detail.path("history").get(0).path("instance").asString()).isEqualTo("web-1");
		assertThat(detail.path("headers").path("traceparent").asString()).isEqualTo("00-abc");

		JsonNode page = client.get("/" + QUEUE + "?state=dead&order=newest&count=10").body();
		assertThat(page.path("order").asString()).isEqualTo("newest");
		assertThat(page.path("tasks").get(0).path("id").asString()).isEqualTo("t-42");
		assertThat(client.get("/" + QUEUE + "?view=history").body().path("perMinute")).hasSize(60);
	}

	@Test
	void bulkActionsAndRunNowAndKillAreWriteOperations() throws Exception {
		for (int i = 0; i < 3; i++) {
			ConsoleTestApplication.seedDead(broker, "mail.receipt", "[" + i + "]", "boom");
		}
		Reply bulk = client.post("/" + QUEUE, "{\"action\":\"retry\",\"state\":\"dead\"}");
		assertThat(bulk.status()).isEqualTo(200);
		assertThat(bulk.body().path("acted").asLong()).isEqualTo(3);
		assertThat(broker.stats(QUEUE).pending()).isEqualTo(3);
		String running = broker.dequeue(QUEUE, 1, java.time.Duration.ofSeconds(30)).get(0).id();
		Reply kill = client.post("/" + QUEUE + "/" + running, "{\"action\":\"kill\"}");
		assertThat(kill.status()).isEqualTo(200);
		assertThat(broker.find(QUEUE, running).orElseThrow().state()).isEqualTo(TaskState.DEAD);
		assertThat(client.post("/" + QUEUE + "/" + running, "{\"action\":\"run\"}").status()).isEqualTo(409);
		assertThat(client.post("/" + QUEUE, "{\"action\":\"explode\",\"state\":\"dead\"}").status()).isEqualTo(400);
	}

	@Test
	void retryMovesADeadTaskBackToPendingInRedis() throws Exception {
		String id = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[1]", "boom");
		Reply reply = client.post("/" + QUEUE + "/" + id, "{\"action\":\"retry\"}");
		assertThat(reply.status()).isEqualTo(200);
		assertThat(reply.body().path("message").asString()).contains(id).contains("pending");
		assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.PENDING);
		assertThat(broker.stats(QUEUE).dead()).isZero();
	}

	@Test
	void retryOfATaskThatIsNotDeadIsRefusedWithTheReason() throws Exception {
		String id = ConsoleTestApplication.submit(broker, "mail.receipt", "[1]");
		Reply reply = client.post("/" + QUEUE + "/" + id, "{\"action\":\"retry\"}");
		assertThat(reply.status()).isEqualTo(409);
		assertThat(reply.body().path("message").asString()).contains("is pending, not dead");
		assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.PENDING);
	}

	@Test
	void deleteRemovesTheTaskFromRedis() throws Exception {
		String id = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[1]", "boom");
		Reply reply = client.delete("/" + QUEUE + "/" + id);
		assertThat(reply.status()).isEqualTo(200);
		assertThat(broker.find(QUEUE, id)).isEmpty();
	}

	@Test
	void pauseAndResumeSetTheQueueFlagInRedis() throws Exception {
		ConsoleTestApplication.submit(broker, "mail.receipt", "[1]");
		assertThat(client.post("/" + QUEUE, "{\"action\":\"pause\"}").status()).isEqualTo(200);
		assertThat(broker.stats(QUEUE).paused()).isTrue();
		assertThat(client.post("/" + QUEUE, "{\"action\":\"resume\"}").status()).isEqualTo(200);
		assertThat(broker.stats(QUEUE).paused()).isFalse();
		Reply bad = client.post("/" + QUEUE, "{\"action\":\"stop\"}");
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.body().path("message").asString()).contains("pause, resume").contains("'stop'");
	}

	@Test
	void unknownQueueOrTaskIsA404WithAMessage() throws Exception {
		ConsoleTestApplication.submit(broker, "mail.receipt", "[1]");
		Reply noTask = client.get("/" + QUEUE + "/no-such-id");
		assertThat(noTask.status()).isEqualTo(404);
		assertThat(noTask.body().path("message").asString()).contains("No task no-such-id in queue 'mail'");
		Reply noQueue = client.get("/nope?state=dead");
		assertThat(noQueue.status()).isEqualTo(404);
		assertThat(noQueue.body().path("message").asString()).contains("No queue 'nope'").contains("[mail]");
		assertThat(client.post("/nope", "{\"action\":\"pause\"}").status()).isEqualTo(404);
	}

}
