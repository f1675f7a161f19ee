package io.github.asynctask.autoconfigure.endpoint;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.console.ConsoleTestApplication;
import io.github.asynctask.autoconfigure.endpoint.EndpointClient.Reply;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code asynctaskbatches} endpoint over HTTP: a batch's progress, its cancel, and
 * clear refusals of an unknown batch, a malformed id and an unknown action.
 */
@ExtendWith(RedisExtension.class)
class BatchEndpointIntegrationTests {

	private ConfigurableApplicationContext context;

	@AfterEach
	void stop() {
		if (this.context != null) {
			this.context.close();
		}
	}

	@Test
	void showsABatchsProgressAndCancelsIt(RedisServer redis) throws Exception {
		redis.flushAll();
		this.context = ConsoleTestApplication.start(redis, new Class<?>[] { Rows.class },
				"management.endpoints.web.exposure.include=asynctask,asynctaskbatches",
				"management.endpoint.asynctaskbatches.access=unrestricted", "async-task.console.write-role=");
		// paths are relative to /actuator/asynctask: "batches/<id>" is the batches
		// endpoint
		EndpointClient client = new EndpointClient(this.context);
		AsyncTaskTemplate template = this.context.getBean(AsyncTaskTemplate.class);
		Rows rows = this.context.getBean(Rows.class);
		template.pause("rows");
		String id = template.batch(BatchOptions.named("endpoint"), () -> {
			rows.importRow(1);
			rows.importRow(2);
		}).batchId();
		Reply progress = client.get("batches/" + id);
		assertThat(progress.status()).isEqualTo(200);
		assertThat(progress.body().path("state").asString()).isEqualTo("RUNNING");
		assertThat(progress.body().path("name").asString()).isEqualTo("endpoint");
		assertThat(progress.body().path("total").asLong()).isEqualTo(2);
		assertThat(progress.body().path("pending").asLong()).isEqualTo(2);

		Reply stop = client.post("batches/" + id, "{\"action\":\"stop\"}");
		assertThat(stop.status()).isEqualTo(400);
		assertThat(stop.body().path("message").asString()).contains("'stop'").contains("cancel");
		Reply cancelled = client.post("batches/" + id, "{\"action\":\"cancel\"}");
		assertThat(cancelled.status()).isEqualTo(200);
		assertThat(cancelled.body().path("cancelled").asBoolean()).isTrue();
		assertThat(client.get("batches/" + id).body().path("state").asString()).isEqualTo("CANCELLED");

		assertThat(client.get("batches/01NOSUCHBATCH").status()).isEqualTo(404);
		Reply malformed = client.get("batches/a:b");
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.body().path("message").asString()).contains("is not a batch id");
	}

	static class Rows {

		@AsyncTask(name = "endpoint.row", queue = "rows")
		public void importRow(long row) {
		}

	}

}
