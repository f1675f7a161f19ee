package io.github.asynctask.autoconfigure.endpoint;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.console.ConsoleTestApplication;
import io.github.asynctask.autoconfigure.endpoint.EndpointClient.Reply;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code asynctask} endpoint over HTTP for periodic tasks: it lists the application's
 * schedules, and an operator pauses and resumes one for every instance, as from the
 * console.
 */
@ExtendWith(RedisExtension.class)
class ScheduleEndpointIntegrationTests {

	private ConfigurableApplicationContext context;

	private EndpointClient client;

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
		JsonNode schedule = this.client.get("").body().path("schedules").get(0);
		assertThat(schedule.path("name").asString()).isEqualTo("report.nightly");
		assertThat(schedule.path("queue").asString()).isEqualTo("reports");
		assertThat(schedule.path("expression").asString()).isEqualTo("cron 0 0 2 * * *");
		assertThat(schedule.path("zone").asString()).isEqualTo("Europe/Berlin");
		assertThat(schedule.path("paused").asBoolean()).isFalse();

		Reply paused = act("/reports/schedules/report.nightly", "pause");
		assertThat(paused.status()).isEqualTo(200);
		assertThat(paused.body().path("message").asString()).contains("'report.nightly' is paused");
		assertThat(template.schedules().get(0).paused()).isTrue();
		assertThat(this.client.get("").body().path("schedules").get(0).path("paused").asBoolean()).isTrue();

		assertThat(act("/reports/schedules/report.nightly", "resume").status()).isEqualTo(200);
		assertThat(template.schedules().get(0).paused()).isFalse();
	}

	@Test
	void anUnknownScheduleQueueOrActionIsRefusedWithAMessage(RedisServer redis) throws Exception {
		start(redis, "management.endpoint.asynctask.access=unrestricted");
		Reply otherQueue = act("/mail/schedules/report.nightly", "pause");
		assertThat(otherQueue.status()).isEqualTo(404);
		assertThat(otherQueue.body().path("message").asString())
			.contains("No enabled schedule 'report.nightly' in queue 'mail'");
		assertThat(act("/reports/schedules/no.such", "pause").status()).isEqualTo(404);
		assertThat(act("/reports/crons/report.nightly", "pause").status()).isEqualTo(404);
		Reply bad = act("/reports/schedules/report.nightly", "stop");
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.body().path("message").asString()).contains("pause, resume").contains("'stop'");
		assertThat(this.context.getBean(AsyncTaskTemplate.class).schedules().get(0).paused()).isFalse();
	}

	@Test
	void withTheEndpointReadOnlyAPauseIsNotOffered(RedisServer redis) throws Exception {
		start(redis);
		assertThat(act("/reports/schedules/report.nightly", "pause").status()).isGreaterThanOrEqualTo(400);
		assertThat(this.context.getBean(AsyncTaskTemplate.class).schedules().get(0).paused()).isFalse();
	}

	private void start(RedisServer redis, String... properties) {
		redis.flushAll();
		String[] all = new String[properties.length + 2];
		all[0] = "management.endpoints.web.exposure.include=asynctask";
		all[1] = "async-task.console.write-role=";
		System.arraycopy(properties, 0, all, 2, properties.length);
		this.context = ConsoleTestApplication.start(redis, new Class<?>[] { Nightly.class }, all);
		this.client = new EndpointClient(this.context);
	}

	private Reply act(String path, String action) throws Exception {
		return this.client.post(path, "{\"action\":\"" + action + "\"}");
	}

	static class Nightly {

		@AsyncTask(name = "report.nightly", queue = "reports", cron = "0 0 2 * * *", zone = "Europe/Berlin")
		public void run() {
		}

	}

}
