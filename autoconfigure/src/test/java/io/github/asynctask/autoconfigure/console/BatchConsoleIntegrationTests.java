package io.github.asynctask.autoconfigure.console;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchState;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The console's batch JSON and the {@code asynctaskbatches} endpoint over HTTP, on a real
 * batch (four rows completed, one dead): the list and the batch with its dead child and
 * error, the same in both; retry all dead counted and run; cancel; clear refusals.
 */
@ExtendWith(RedisExtension.class)
class BatchConsoleIntegrationTests {

	private final HttpClient http = HttpClient.newHttpClient();

	private ConfigurableApplicationContext context;

	@BeforeEach
	void start(RedisServer redis) {
		redis.flushAll();
		BatchRows.reset();
		this.context = ConsoleTestApplication.start(redis, new Class<?>[] { BatchRows.class },
				"async-task.console.enabled=true", "async-task.console.writes-enabled=true",
				"async-task.console.write-role=",
				"management.endpoints.web.exposure.include=asynctask,asynctaskbatches",
				"management.endpoint.asynctaskbatches.access=unrestricted");
	}

	@AfterEach
	void stop() {
		this.context.close();
	}

	@Test
	void aBatchIsListedShownWithItsDeadChildAndItsDeadRetried() throws Exception {
		String id = importWithOneDeadRow(this.context);

		JsonNode list = get("/asynctask/api/batches");
		assertThat(list.path("listed").asLong()).isEqualTo(1);
		JsonNode listed = list.path("batches").get(0);
		assertThat(listed.path("batchId").asString()).isEqualTo(id);
		assertThat(listed.path("name").asString()).isEqualTo("import-42");
		assertThat(listed.path("state").asString()).isEqualTo("COMPLETED");
		assertThat(listed.path("percentDone").asInt()).isEqualTo(100);

		JsonNode batch = get("/asynctask/api/batches/" + id);
		assertThat(batch.path("total").asLong()).isEqualTo(5);
		assertThat(batch.path("completed").asLong()).isEqualTo(4);
		assertThat(batch.path("dead").asLong()).isEqualTo(1);
		assertThat(batch.path("createdAt").asString()).isNotEmpty();
		assertThat(batch.path("endedAt").asString()).isNotEmpty();
		assertThat(batch.path("deadListed").asLong()).isEqualTo(1);
		JsonNode child = batch.path("deadChildren").get(0);
		assertThat(child.path("queue").asString()).isEqualTo("rows");
		assertThat(child.path("name").asString()).isEqualTo("import.row");
		assertThat(child.path("state").asString()).isEqualTo("dead");
		assertThat(child.path("lastError").asString()).contains("row -1 is unreadable");

		// the endpoint shows what the page shows
		assertThat(get("/actuator/asynctaskbatches/" + id)).isEqualTo(batch);
		assertThat(get("/actuator/asynctaskbatches")).isEqualTo(list);

		BatchRows.healed = true;
		HttpResponse<String> retried = post("/asynctask/api/batches/" + id + "/retry-dead");
		assertThat(retried.statusCode()).isEqualTo(200);
		assertThat(retried.body()).contains("Retried 1 dead child of batch " + id);
		// the healed child completes: it leaves the dead list and the batch turns
		// SUCCEEDED
		await().atMost(Duration.ofSeconds(30))
			.until(() -> "SUCCEEDED".equals(get("/asynctask/api/batches/" + id).path("state").asString()));
		JsonNode healed = get("/asynctask/api/batches/" + id);
		assertThat(healed.path("completed").asLong()).isEqualTo(5);
		assertThat(healed.path("dead").asLong()).isZero();
		assertThat(healed.path("deadListed").asLong()).isZero();
		assertThat(healed.path("deadChildren")).isEmpty();
		HttpResponse<String> again = post("/asynctask/api/batches/" + id + "/retry-dead");
		assertThat(again.body()).contains("Retried 0 dead children").doesNotContain("no longer dead");

		assertThat(post("/asynctask/api/batches/" + id + "/cancel").statusCode()).as("it has ended").isEqualTo(409);
		assertThat(send(HttpRequest.newBuilder(uri("/asynctask/api/batches/01NOSUCHBATCH")).GET()).statusCode())
			.isEqualTo(404);
		HttpResponse<String> malformed = send(HttpRequest.newBuilder(uri("/asynctask/api/batches/a:b")).GET());
		assertThat(malformed.statusCode()).isEqualTo(400);
		assertThat(malformed.body()).contains("is not a batch id");
	}

	@Test
	void aRunningBatchIsCancelledFromTheConsole() throws Exception {
		AsyncTaskTemplate template = this.context.getBean(AsyncTaskTemplate.class);
		BatchRows rows = this.context.getBean(BatchRows.class);
		template.pause("rows");
		String id = template.batch(BatchOptions.named("paused"), () -> rows.importRow(1)).batchId();
		assertThat(get("/asynctask/api/batches/" + id).path("state").asString()).isEqualTo("RUNNING");
		HttpResponse<String> cancelled = post("/asynctask/api/batches/" + id + "/cancel");
		assertThat(cancelled.statusCode()).isEqualTo(200);
		assertThat(cancelled.body()).contains("is cancelled");
		assertThat(template.findBatch(id).orElseThrow().state()).isEqualTo(BatchState.CANCELLED);
	}

	/** A batch of five rows, four completed and one dead; returns its id. */
	static String importWithOneDeadRow(ConfigurableApplicationContext context) {
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		BatchRows rows = context.getBean(BatchRows.class);
		String id = template.batch(BatchOptions.named("import-42"), () -> {
			for (long row : new long[] { 1, 2, -1, 3, 4 }) {
				rows.importRow(row);
			}
		}).batchId();
		await().atMost(Duration.ofSeconds(30))
			.until(() -> template.findBatch(id).orElseThrow().state() == BatchState.COMPLETED);
		return id;
	}

	private JsonNode get(String path) throws Exception {
		HttpResponse<String> response = send(HttpRequest.newBuilder(uri(path)).GET());
		assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
		return JsonMapper.shared().readTree(response.body());
	}

	private HttpResponse<String> post(String path) throws Exception {
		return send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()));
	}

	private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
		return this.http.send(request.header("Accept", "application/json").build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.context.getEnvironment().getProperty("local.server.port") + path);
	}

}
