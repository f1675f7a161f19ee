package io.github.asynctask.autoconfigure.console;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

import static io.github.asynctask.autoconfigure.console.ConsoleTestApplication.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Console and endpoint writes in an application with Spring Security over a real Redis.
 * The application lets every request through its filter chain (CSRF on, as by default),
 * so what refuses a write here is the library's own role check or Spring Security's CSRF
 * filter: a write needs a signed-in user in {@code async-task.console.write-role} and the
 * CSRF token the console reads from its settings. The Redis password never shows up in
 * what the console or the endpoint answer.
 */
@ExtendWith(FlushedRedisExtension.class)
class ConsoleSecurityIntegrationTests {

	private static final String PASSWORD = "s3cret-redis-pa55word";

	private static final String[] SECURED = { "spring.autoconfigure.exclude=", "async-task.console.enabled=true",
			"async-task.console.writes-enabled=true", "management.endpoints.web.exposure.include=asynctask",
			"management.endpoint.asynctask.access=unrestricted" };

	private final RedisServer redis;

	ConsoleSecurityIntegrationTests(RedisServer redis) {
		this.redis = redis;
	}

	@Test
	void consoleWritesNeedASignedInUserInTheWriteRoleAndACsrfToken() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			String id = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[1]", "boom");
			String retry = "/asynctask/api/queues/mail/tasks/" + id + "/retry";

			Browser anonymous = new Browser(context, null);
			HttpResponse<String> noUser = anonymous.post(retry, anonymous.csrf());
			assertThat(noUser.statusCode()).isEqualTo(401);
			assertThat(noUser.body()).contains("authenticated user with role 'ASYNCTASK_ADMIN'");

			Browser viewer = new Browser(context, "viewer");
			HttpResponse<String> noRole = viewer.post(retry, viewer.csrf());
			assertThat(noRole.statusCode()).isEqualTo(403);
			assertThat(noRole.body()).contains("User 'viewer' lacks role 'ASYNCTASK_ADMIN'");

			Browser admin = new Browser(context, "admin");
			assertThat(viewer.get("/asynctask/api/settings").body()).as("the page hides its buttons")
				.contains("\"canWrite\":false");
			assertThat(admin.get("/asynctask/api/settings").body()).contains("\"canWrite\":true");
			assertThat(admin.post(retry, null).statusCode()).as("no CSRF token").isEqualTo(403);
			assertThat(admin.post(retry, new String[] { "X-CSRF-TOKEN", "forged" }).statusCode()).as("wrong token")
				.isEqualTo(403);
			assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.DEAD);
			assertThat(viewer.post("/asynctask/api/queues/mail/pause", viewer.csrf()).statusCode()).isEqualTo(403);
			assertThat(broker.stats(QUEUE).paused()).isFalse();

			assertThat(admin.post(retry, admin.csrf()).statusCode()).isEqualTo(200);
			assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.PENDING);
		}
	}

	@Test
	void bulkActionsNeedTheWriteRoleAndACsrfTokenAndRefusedOnesChangeNothing() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			for (int i = 0; i < 5; i++) {
				ConsoleTestApplication.seedDead(broker, "mail.receipt", "[" + i + "]", "boom " + i);
			}
			String bulk = "/asynctask/api/queues/mail/bulk?state=dead&action=retry";
			Browser viewer = new Browser(context, "viewer");
			assertThat(viewer.post(bulk, viewer.csrf()).statusCode()).as("no write role").isEqualTo(403);
			Browser admin = new Browser(context, "admin");
			assertThat(admin.post(bulk, null).statusCode()).as("no CSRF token").isEqualTo(403);
			assertThat(broker.stats(QUEUE).dead()).isEqualTo(5);
			HttpResponse<String> done = admin.post(bulk, admin.csrf());
			assertThat(done.statusCode()).isEqualTo(200);
			assertThat(done.body()).contains("\"acted\":5");
			assertThat(broker.stats(QUEUE).dead()).isZero();
			assertThat(broker.stats(QUEUE).pending()).isEqualTo(5);

			String endpoint = "/actuator/asynctask/mail";
			assertThat(viewer.postJson(endpoint, "{\"action\":\"delete\",\"state\":\"pending\"}", viewer.csrf())
				.statusCode()).isEqualTo(403);
			assertThat(admin.postJson(endpoint, "{\"action\":\"delete\",\"state\":\"pending\"}", null).statusCode())
				.isEqualTo(403);
			assertThat(broker.stats(QUEUE).pending()).isEqualTo(5);
			HttpResponse<String> deleted = admin.postJson(endpoint, "{\"action\":\"delete\",\"state\":\"pending\"}",
					admin.csrf());
			assertThat(deleted.body()).contains("\"acted\":5");
			assertThat(broker.stats(QUEUE).pending()).isZero();
		}
	}

	@Test
	void aKillFromTheConsoleInterruptsTheRunningBodyAtTheNextHeartbeatAndTheWorkerRunsOn() throws Exception {
		LongTasks.reset();
		try (ConfigurableApplicationContext context = start(new Class<?>[] { LongTasks.class }, "async-task.lease=3s",
				"async-task.worker.heartbeat-interval=200ms")) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			LongTasks tasks = context.getBean(LongTasks.class);
			tasks.work("long");
			assertThat(LongTasks.started.await(30, TimeUnit.SECONDS)).as("the long body started").isTrue();
			TaskInfo running = broker.list(QUEUE, TaskState.ACTIVE, 0, 10).get(0);
			Browser admin = new Browser(context, "admin");
			HttpResponse<String> killed = admin.post("/asynctask/api/queues/mail/tasks/" + running.id() + "/kill",
					admin.csrf());
			assertThat(killed.statusCode()).isEqualTo(200);
			assertThat(LongTasks.interrupted.await(30, TimeUnit.SECONDS)).as("the body was interrupted").isTrue();
			TaskInfo dead = broker.find(QUEUE, running.id()).orElseThrow();
			assertThat(dead.state()).isEqualTo(TaskState.DEAD);
			assertThat(dead.lastError()).isEqualTo("killed by an operator from the console (user admin)");
			tasks.work("next");
			await().atMost(Duration.ofSeconds(30)).until(() -> LongTasks.finished.contains("next"));
			// the interrupted body's late failure changed nothing
			assertThat(broker.find(QUEUE, running.id()).orElseThrow().lastError())
				.isEqualTo("killed by an operator from the console (user admin)");
			assertThat(
					admin.post("/asynctask/api/queues/mail/tasks/" + running.id() + "/kill", admin.csrf()).statusCode())
				.as("no longer running")
				.isEqualTo(409);
		}
	}

	@Test
	void theWriteRoleIsConfigurable() throws Exception {
		try (ConfigurableApplicationContext context = start("async-task.console.write-role=OPS")) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			ConsoleTestApplication.submit(broker, "mail.receipt", "[1]");
			Browser admin = new Browser(context, "admin");
			HttpResponse<String> refused = admin.post("/asynctask/api/queues/mail/pause", admin.csrf());
			assertThat(refused.statusCode()).isEqualTo(403);
			assertThat(refused.body()).contains("lacks role 'OPS'");
			assertThat(broker.stats(QUEUE).paused()).isFalse();
			Browser ops = new Browser(context, "ops");
			assertThat(ops.post("/asynctask/api/queues/mail/pause", ops.csrf()).statusCode()).isEqualTo(200);
			assertThat(broker.stats(QUEUE).paused()).isTrue();
		}
	}

	@Test
	void endpointWritesNeedTheWriteRoleAndACsrfTokenToo() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			String id = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[1]", "boom");
			String task = "/actuator/asynctask/mail/" + id;
			Browser viewer = new Browser(context, "viewer");
			HttpResponse<String> noRole = viewer.postJson(task, "{\"action\":\"retry\"}", viewer.csrf());
			assertThat(noRole.statusCode()).isEqualTo(403);
			assertThat(noRole.body()).contains("lacks role 'ASYNCTASK_ADMIN'");
			Browser anonymous = new Browser(context, null);
			assertThat(anonymous.postJson(task, "{\"action\":\"retry\"}", anonymous.csrf()).statusCode())
				.isEqualTo(401);
			Browser admin = new Browser(context, "admin");
			assertThat(admin.postJson(task, "{\"action\":\"retry\"}", null).statusCode()).as("no CSRF token")
				.isEqualTo(403);
			assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.DEAD);
			assertThat(admin.postJson(task, "{\"action\":\"retry\"}", admin.csrf()).statusCode()).isEqualTo(200);
			assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.PENDING);

			// a kill through the endpoint names it and the signed-in user
			String running = broker.dequeue(QUEUE, 1, Duration.ofMinutes(1)).get(0).id();
			assertThat(admin.postJson("/actuator/asynctask/mail/" + running, "{\"action\":\"kill\"}", admin.csrf())
				.statusCode()).isEqualTo(200);
			assertThat(broker.find(QUEUE, running).orElseThrow().lastError())
				.isEqualTo("killed by an operator from the actuator endpoint (user admin)");
		}
	}

	@Test
	void taskDataIsMaskedForEveryoneByDefault() throws Exception {
		try (ConfigurableApplicationContext context = start("management.endpoint.asynctask.show-values=never")) {
			String id = seedSecretTask(context.getBean(RedisBroker.class));
			for (Browser reader : new Browser[] { new Browser(context, null), new Browser(context, "admin") }) {
				assertMasked(reader, id);
			}
			assertThat(new Browser(context, "admin").get("/asynctask/api/settings").body())
				.contains("\"showValues\":false");
		}
	}

	@Test
	void whenAuthorizedShowsTaskDataToSignedInUsersInTheRolesOnly() throws Exception {
		try (ConfigurableApplicationContext context = start("management.endpoint.asynctask.show-values=when-authorized",
				"management.endpoint.asynctask.roles=OPS")) {
			String id = seedSecretTask(context.getBean(RedisBroker.class));
			assertMasked(new Browser(context, null), id);
			assertMasked(new Browser(context, "viewer"), id);
			Browser ops = new Browser(context, "ops");
			for (String path : taskPaths(id)) {
				assertThat(ops.get(path).body()).as(path).contains("alice@example.com").doesNotContain("******");
			}
			assertThat(ops.get("/actuator/asynctask/mail/" + id + "?view=detail").body()).contains("00-secret-trace")
				.contains("card declined for alice@example.com");
			assertThat(ops.get("/asynctask/api/settings").body()).contains("\"showValues\":true");
		}
	}

	/** A dead task whose arguments, headers and error carry personal data. */
	private static String seedSecretTask(RedisBroker broker) {
		broker.registerQueues(List.of(QUEUE));
		broker.enqueue(EnqueueRequest.now(QUEUE, "t-secret", "mail.receipt",
				"{\"v\":1,\"args\":[\"alice@example.com\"],\"h\":{\"traceparent\":\"00-secret-trace\"}}", 0));
		Delivery delivery = broker.dequeue(QUEUE, 1, Duration.ofSeconds(30)).get(0);
		broker.kill(delivery, "java.lang.IllegalStateException: card declined for alice@example.com",
				"{\"start\":1764050000000,\"end\":1764050000250,\"instance\":\"web-1\","
						+ "\"error\":\"java.lang.IllegalStateException\",\"message\":\"card declined for alice@example.com\","
						+ "\"stack\":\"at Alice\"}");
		return "t-secret";
	}

	private static List<String> taskPaths(String id) {
		return List.of("/actuator/asynctask/mail?state=dead", "/actuator/asynctask/mail?state=dead&order=newest",
				"/actuator/asynctask/mail/" + id, "/actuator/asynctask/mail/" + id + "?view=detail",
				"/asynctask/api/queues/mail/tasks?state=dead", "/asynctask/api/queues/mail/browse?state=dead",
				"/asynctask/api/queues/mail/tasks/" + id, "/asynctask/api/queues/mail/tasks/" + id + "/detail");
	}

	private static void assertMasked(Browser reader, String id) throws Exception {
		for (String path : taskPaths(id)) {
			HttpResponse<String> answer = reader.get(path);
			assertThat(answer.statusCode()).as(path).isEqualTo(200);
			assertThat(answer.body()).as(path)
				.contains("******")
				.contains(id)
				.doesNotContain("alice")
				.doesNotContain("secret-trace")
				.doesNotContain("declined");
		}
	}

	@Test
	void theRedisPasswordNeverAppearsInTheEndpointOrConsoleOutput() throws Exception {
		this.redis.cli("ACL", "SETUSER", "shop", "on", ">" + PASSWORD, "~*", "&*", "+@all");
		try (ConfigurableApplicationContext context = start("spring.data.redis.username=shop",
				"spring.data.redis.password=" + PASSWORD)) {
			RedisBroker broker = context.getBean(RedisBroker.class);
			String id = ConsoleTestApplication.seedDead(broker, "mail.receipt", "[1]", "boom");
			ConsoleTestApplication.heartbeat(broker);
			assertThat(this.redis.cli("ACL", "WHOAMI")).isEqualTo("default");
			Browser admin = new Browser(context, "admin");
			for (String path : new String[] { "/actuator/asynctask", "/actuator/asynctask/mail?state=dead",
					"/actuator/asynctask/mail/" + id, "/asynctask/api/overview", "/asynctask/api/settings",
					"/asynctask/api/queues/mail/tasks?state=dead", "/asynctask/api/queues/mail/tasks/" + id }) {
				HttpResponse<String> answer = admin.get(path);
				assertThat(answer.statusCode()).as(path).isEqualTo(200);
				assertThat(answer.body()).as(path).doesNotContain(PASSWORD);
			}
			assertThat(admin.get("/actuator/asynctask").body()).as("the endpoint read Redis as user shop")
				.contains("\"name\":\"mail\"")
				.contains("\"dead\":1");
		}
	}

	private ConfigurableApplicationContext start(String... more) {
		return start(new Class<?>[0], more);
	}

	private ConfigurableApplicationContext start(Class<?>[] configurations, String... more) {
		Class<?>[] sources = new Class<?>[configurations.length + 1];
		sources[0] = SecuredApplication.class;
		System.arraycopy(configurations, 0, sources, 1, configurations.length);
		String[] properties = new String[SECURED.length + more.length];
		System.arraycopy(SECURED, 0, properties, 0, SECURED.length);
		System.arraycopy(more, 0, properties, SECURED.length, more.length);
		return ConsoleTestApplication.start(this.redis, sources, properties);
	}

	/**
	 * One user's HTTP session: basic authentication (when a user is given) and the
	 * session cookie that holds the CSRF token.
	 */
	private static final class Browser {

		private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

		private final String base;

		private final @Nullable String authorization;

		Browser(ConfigurableApplicationContext context, @Nullable String user) {
			this.base = "http://localhost:" + context.getEnvironment().getProperty("local.server.port");
			this.authorization = (user != null)
					? "Basic " + Base64.getEncoder().encodeToString((user + ":pw").getBytes(StandardCharsets.UTF_8))
					: null;
		}

		/** The CSRF header and token, as the console page reads them. */
		String[] csrf() throws IOException, InterruptedException {
			JsonNode settings = JsonMapper.shared().readTree(get("/asynctask/api/settings").body());
			assertThat(settings.path("csrfHeader").isString()).as("settings carry the CSRF header").isTrue();
			return new String[] { settings.path("csrfHeader").asString(), settings.path("csrfToken").asString() };
		}

		HttpResponse<String> get(String path) throws IOException, InterruptedException {
			return send(request(path).GET());
		}

		HttpResponse<String> post(String path, String @Nullable [] csrf) throws IOException, InterruptedException {
			HttpRequest.Builder request = request(path).POST(HttpRequest.BodyPublishers.noBody());
			return send(withCsrf(request, csrf));
		}

		HttpResponse<String> postJson(String path, String json, String @Nullable [] csrf)
				throws IOException, InterruptedException {
			HttpRequest.Builder request = request(path).header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(json));
			return send(withCsrf(request, csrf));
		}

		private HttpRequest.Builder request(String path) {
			HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path));
			if (this.authorization != null) {
				request.header("Authorization", this.authorization);
			}
			return request;
		}

		private static HttpRequest.Builder withCsrf(HttpRequest.Builder request, String @Nullable [] csrf) {
			return (csrf != null) ? request.header(csrf[0], csrf[1]) : request;
		}

		private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
			return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}

	}

	/** A task whose body runs until interrupted, and one that ends at once. */
	static class LongTasks {

		static CountDownLatch started = new CountDownLatch(1);

		static CountDownLatch interrupted = new CountDownLatch(1);

		static final Set<String> finished = ConcurrentHashMap.newKeySet();

		static void reset() {
			started = new CountDownLatch(1);
			interrupted = new CountDownLatch(1);
			finished.clear();
		}

		@AsyncTask(name = "mail.long", queue = "mail", maxRetries = 3)
		public void work(String what) throws InterruptedException {
			if ("long".equals(what)) {
				started.countDown();
				try {
					new CountDownLatch(1).await(5, TimeUnit.MINUTES);
				}
				catch (InterruptedException ex) {
					interrupted.countDown();
					throw ex;
				}
			}
			finished.add(what);
		}

	}

	/**
	 * Spring Security as an application might set it up: every request passes the chain
	 * (CSRF on by default), users sign in with basic authentication.
	 */
	@Configuration(proxyBeanMethods = false)
	static class SecuredApplication {

		@Bean
		SecurityFilterChain securityFilterChain(HttpSecurity http) throws Exception {
			return http.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll())
				.httpBasic(Customizer.withDefaults())
				.build();
		}

		@Bean
		InMemoryUserDetailsManager users() {
			return new InMemoryUserDetailsManager(
					User.withUsername("admin").password("{noop}pw").roles("ASYNCTASK_ADMIN").build(),
					User.withUsername("viewer").password("{noop}pw").roles("VIEWER").build(),
					User.withUsername("ops").password("{noop}pw").roles("OPS").build());
		}

	}

}
