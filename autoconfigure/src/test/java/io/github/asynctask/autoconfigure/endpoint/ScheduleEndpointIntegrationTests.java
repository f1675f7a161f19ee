package io.github.asynctask.autoconfigure.endpoint;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.console.ConsoleTestApplication;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code asynctask} endpoint over HTTP for periodic tasks: it lists the application's
 * schedules, and an operator pauses and resumes one for every instance, as from the
 * console.
 */
@ExtendWith(RedisExtension.class)
class ScheduleEndpointIntegrationTests {

	private final HttpClient http = HttpClient.newHttpClient();

	private ConfigurableApplicationContext context;

	private String base;

	@AfterEach
	void stop() {
		if (this.context != null) {
			this.context.close();
		}
	}

	@Test
	void listsTheSchedulesAndPausesAndResumesOne(RedisServer redis) throws Exception {
		start(redis, "management.endpoint.asynctask.access=unrestricted");
		AsyncTaskTemplate template = this.context.getBean(AsyncTaskTemplate.class);
		JsonNode schedule = send(get("")).body.path("schedules").get(0);
		assertThat(schedule.path("name").asString()).isEqualTo("report.nightly");
		assertThat(schedule.path("queue").asString()).isEqualTo("reports");
		assertThat(schedule.path("expression").asString()).isEqualTo("cron 0 0 2 * * *");
		assertThat(schedule.path("zone").asString()).isEqualTo("Europe/Berlin");
		assertThat(schedule.path("paused").asBoolean()).isFalse();

		Reply paused = send(post("/reports/schedules/report.nightly", "pause"));
		assertThat(paused.status).isEqualTo(200);
		assertThat(paused.body.path("message").asString()).contains("'report.nightly' is paused");
		assertThat(template.schedules().get(0).paused()).isTrue();
		assertThat(send(get("")).body.path("schedules").get(0).path("paused").asBoolean()).isTrue();

		assertThat(send(post("/reports/schedules/report.nightly", "resume")).status).isEqualTo(200);
		assertThat(template.schedules().get(0).paused()).isFalse();
	}

	@Test
	void anUnknownScheduleQueueOrActionIsRefusedWithAMessage(RedisServer redis) throws Exception {
		start(redis, "management.endpoint.asynctask.access=unrestricted");
		Reply otherQueue = send(post("/mail/schedules/report.nightly", "pause"));
		assertThat(otherQueue.status).isEqualTo(404);
		assertThat(otherQueue.body.path("message").asString())
			.contains("No enabled schedule 'report.nightly' in queue 'mail'");
		assertThat(send(post("/reports/schedules/no.such", "pause")).status).isEqualTo(404);
		assertThat(send(post("/reports/crons/report.nightly", "pause")).status).isEqualTo(404);
		Reply bad = send(post("/reports/schedules/report.nightly", "stop"));
		assertThat(bad.status).isEqualTo(400);
		assertThat(bad.body.path("message").asString()).contains("pause, resume").contains("'stop'");
		assertThat(this.context.getBean(AsyncTaskTemplate.class).schedules().get(0).paused()).isFalse();
	}

	@Test
	void withTheEndpointReadOnlyAPauseIsNotOffered(RedisServer redis) throws Exception {
		start(redis);
		assertThat(send(post("/reports/schedules/report.nightly", "pause")).status).isGreaterThanOrEqualTo(400);
		assertThat(this.context.getBean(AsyncTaskTemplate.class).schedules().get(0).paused()).isFalse();
	}

	private void start(RedisServer redis, String... properties) {
		redis.flushAll();
		String[] all = new String[properties.length + 2];
		all[0] = "management.endpoints.web.exposure.include=asynctask";
		all[1] = "async-task.console.write-role=";
		System.arraycopy(properties, 0, all, 2, properties.length);
		this.context = ConsoleTestApplication.start(redis, new Class<?>[] { Nightly.class }, all);
		this.base = "http://localhost:" + this.context.getEnvironment().getProperty("local.server.port")
				+ "/actuator/asynctask";
	}

	private HttpRequest.Builder get(String path) {
		return HttpRequest.newBuilder(URI.create(this.base + path)).GET();
	}

	private HttpRequest.Builder post(String path, String action) {
		return HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"action\":\"" + action + "\"}"));
	}

	private Reply send(HttpRequest.Builder request) throws IOException, InterruptedException {
		HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		String body = response.body();
		return new Reply(response.statusCode(),
				body.isEmpty() ? JsonMapper.shared().missingNode() : JsonMapper.shared().readTree(body));
	}

	private record Reply(int status, JsonNode body) {

	}

	static class Nightly {

		@AsyncTask(name = "report.nightly", queue = "reports", cron = "0 0 2 * * *", zone = "Europe/Berlin")
		public void run() {
		}

	}

}
