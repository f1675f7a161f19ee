package io.github.asynctask.autoconfigure.console;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.TaskState;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.context.ConfigurableApplicationContext;

import static io.github.asynctask.autoconfigure.console.ConsoleTestApplication.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console over HTTP in a running application with a real Redis: served only when
 * enabled, under its path, with a strict content security policy; writes refused unless
 * enabled; arguments hidden on request.
 */
@ExtendWith(FlushedRedisExtension.class)
class ConsoleIntegrationTests {

	private final HttpClient http = HttpClient.newHttpClient();

	private final RedisServer redis;

	ConsoleIntegrationTests(RedisServer redis) {
		this.redis = redis;
	}

	@Test
	void hostileInputAndDataAreAnsweredNotFailed() throws Exception {
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis,
				"async-task.console.enabled=true")) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			ConsoleTestApplication.submit(broker, "mail.receipt", "[\"<script>alert(1)</script>\"]");
			this.redis.cli("HSET", "asynctask:{mail}:t", "hostile", "{\"n\":[1],\"s\":{}}");
			this.redis.cli("LPUSH", "asynctask:{mail}:pending", "hostile");
			HttpResponse<String> page = get(context,
					"/asynctask/api/queues/mail/browse?state=pending&offset=-7&count=99999");
			assertThat(page.statusCode()).isEqualTo(200);
			assertThat(page.body()).contains("\"offset\":0")
				.contains("\"count\":200")
				.contains("\"unreadable\":true")
				.contains("\"rawSize\":16");
			assertThat(get(context, "/asynctask/api/queues/mail/browse?state=pending&offset=abc&count=-1").statusCode())
				.isEqualTo(200);
			assertThat(get(context, "/asynctask/api/queues/mail/browse?state=%3Cscript%3E").statusCode())
				.isEqualTo(400);
			HttpResponse<String> detail = get(context, "/asynctask/api/queues/mail/tasks/hostile/detail");
			assertThat(detail.statusCode()).isEqualTo(200);
			assertThat(detail.body()).contains("\"unreadable\":true").contains("\"state\":\"unreadable\"");
			broker
				.enqueue(EnqueueRequest.now(QUEUE, "receipt-42", "mail.receipt", "{\"v\":1,\"args\":[42],\"h\":{}}", 0)
					.withBizId("order-42", Duration.ofHours(1)));
			assertThat(get(context, "/asynctask/api/queues/mail/tasks/receipt-42/detail").body())
				.contains("\"bizId\":\"order-42\"");
			// 10 KB in a URL is past the servlet container's request-line limit (8 KB):
			// it
			// answers 400 itself, never a 500
			assertThat(get(context, "/asynctask/api/search?q=" + "x".repeat(10_240)).statusCode()).isEqualTo(400);
			for (String query : new String[] { "%3Cscript%3E", "%22%27%7B%7D", "%E2%9C%93%F0%9F%98%80",
					"x".repeat(2_048) }) {
				HttpResponse<String> search = get(context, "/asynctask/api/search?q=" + query);
				assertThat(search.statusCode()).as(query.substring(0, Math.min(20, query.length()))).isEqualTo(200);
				assertThat(search.headers().firstValue("Content-Type"))
					.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
			}
		}
	}

	@Test
	void nothingIsServedWhenTheConsoleIsOff() throws Exception {
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis)) {
			assertThat(get(context, "/asynctask/").statusCode()).isEqualTo(404);
			assertThat(get(context, "/asynctask/api/overview").statusCode()).isEqualTo(404);
			assertThat(get(context, "/asynctask/assets/console.js").statusCode()).isEqualTo(404);
		}
	}

	@Test
	void pageAssetsAndDataAreServedUnderTheConfiguredPath() throws Exception {
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis,
				"async-task.console.enabled=true", "async-task.console.path=/ops/tasks")) {
			ConsoleTestApplication.submit(context.getBean(RedisBroker.class), "mail.receipt", "[1]");
			assertThat(get(context, "/ops/tasks").statusCode()).isEqualTo(302);
			HttpResponse<String> page = get(context, "/ops/tasks/");
			assertThat(page.statusCode()).isEqualTo(200);
			assertThat(page.body()).contains("<script src=\"assets/console.js\" defer></script>");
			assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
					(policy) -> assertThat(policy).contains("script-src 'self'").doesNotContain("unsafe-inline"));
			assertThat(get(context, "/ops/tasks/assets/console.js").body()).contains("textContent")
				.doesNotContain("innerHTML =");
			assertThat(get(context, "/ops/tasks/api/overview").body()).contains("\"name\":\"mail\"")
				.contains("\"pending\":1");
			assertThat(get(context, "/ops/tasks/api/settings").body()).contains("\"writesEnabled\":false");
		}
	}

	@Test
	void aShardedQueueIsShownOnceWithItsSizesSummedAndEachShardBeside() throws Exception {
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis,
				"async-task.console.enabled=true", "async-task.queues.mail.shards=3",
				"async-task.worker.enabled=false")) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			List<String> ids = new ArrayList<>();
			for (int i = 0; i < 30; i++) {
				ids.add(ConsoleTestApplication.submit(broker, "mail.receipt", "[" + i + "]"));
			}
			// every id is found, search and detail, whichever shard holds it
			for (String id : ids) {
				assertThat(get(context, "/asynctask/api/search?q=" + id).body()).contains("\"queue\":\"mail\"");
				assertThat(get(context, "/asynctask/api/queues/mail/tasks/" + id + "/detail").statusCode())
					.isEqualTo(200);
			}
			String overview = get(context, "/asynctask/api/overview").body();
			assertThat(overview).contains("\"name\":\"mail\"")
				.contains("\"pending\":30")
				.contains("\"name\":\"mail#2\"")
				.doesNotContain("\"name\":\"mail#3\"");
			assertThat(get(context, "/asynctask/assets/console.js").body()).contains("shards");
		}
	}

	@Test
	void writesAreRefusedUntilEnabledAndLeaveRedisAlone() throws Exception {
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis,
				"async-task.console.enabled=true")) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			String id = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[1]", "boom");
			HttpResponse<String> retry = post(context, "/asynctask/api/queues/mail/tasks/" + id + "/retry");
			assertThat(retry.statusCode()).isEqualTo(403);
			assertThat(retry.body()).contains("async-task.console.writes-enabled=true");
			assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.DEAD);
			assertThat(get(context, "/asynctask/api/queues/mail/tasks/" + id + "/retry").statusCode())
				.as("writes are POST only")
				.isEqualTo(405);
		}
	}

	@Test
	void enabledWritesActOnRedisAndRefuseWhatCannotBeDone() throws Exception {
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis,
				"async-task.console.enabled=true", "async-task.console.writes-enabled=true",
				"async-task.console.write-role=")) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			String dead = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[1]", "boom");
			String pending = ConsoleTestApplication.submit(broker, "mail.receipt", "[2]");
			assertThat(post(context, "/asynctask/api/queues/mail/tasks/" + dead + "/retry").statusCode())
				.isEqualTo(200);
			assertThat(broker.find(QUEUE, dead).orElseThrow().state()).isEqualTo(TaskState.PENDING);
			HttpResponse<String> conflict = post(context, "/asynctask/api/queues/mail/tasks/" + pending + "/retry");
			assertThat(conflict.statusCode()).isEqualTo(409);
			assertThat(conflict.body()).contains("not dead");
			assertThat(post(context, "/asynctask/api/queues/mail/pause").statusCode()).isEqualTo(200);
			assertThat(broker.stats(QUEUE).paused()).isTrue();
			assertThat(post(context, "/asynctask/api/queues/mail/tasks/" + pending + "/delete").statusCode())
				.isEqualTo(200);
			assertThat(broker.find(QUEUE, pending)).isEmpty();
			assertThat(post(context, "/asynctask/api/queues/mail/tasks/gone/delete").statusCode()).isEqualTo(404);
		}
	}

	@Test
	void enabledWritesStillNeedAUserInTheWriteRoleByDefault() throws Exception {
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis,
				"async-task.console.enabled=true", "async-task.console.writes-enabled=true")) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			String id = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[1]", "boom");
			HttpResponse<String> retry = post(context, "/asynctask/api/queues/mail/tasks/" + id + "/retry");
			assertThat(retry.statusCode()).isEqualTo(401);
			assertThat(retry.body()).contains("role 'ASYNCTASK_ADMIN'").contains("async-task.console.write-role");
			assertThat(post(context, "/asynctask/api/queues/mail/pause").statusCode()).isEqualTo(401);
			assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.DEAD);
			assertThat(broker.stats(QUEUE).paused()).isFalse();
		}
	}

	@Test
	void argumentsAreHiddenWhenShowArgumentsIsOff() throws Exception {
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis,
				"async-task.console.enabled=true", "async-task.console.show-arguments=false")) {
			String id = ConsoleTestApplication.seedDead(context.getBean(RedisBroker.class), "mail.receipt",
					"[\"alice@example.com\"]", "boom");
			String task = get(context, "/asynctask/api/queues/mail/tasks/" + id).body();
			assertThat(task).contains("\"argumentsHidden\":true").doesNotContain("alice@example.com");
			assertThat(get(context, "/asynctask/api/queues/mail/tasks?state=dead").body())
				.doesNotContain("alice@example.com");
		}
	}

	private HttpResponse<String> get(ConfigurableApplicationContext context, String path)
			throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(uri(context, path)).GET().build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(ConfigurableApplicationContext context, String path)
			throws IOException, InterruptedException {
		return this.http.send(
				HttpRequest.newBuilder(uri(context, path)).POST(HttpRequest.BodyPublishers.noBody()).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private static URI uri(ConfigurableApplicationContext context, String path) {
		return URI.create("http://localhost:" + context.getEnvironment().getProperty("local.server.port") + path);
	}

}
