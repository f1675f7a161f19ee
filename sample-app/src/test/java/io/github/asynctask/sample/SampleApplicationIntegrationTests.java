package io.github.asynctask.sample;

import java.math.BigDecimal;
import java.time.Duration;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.test.RedisForSpringBootTests;
import io.github.asynctask.TaskState;
import io.github.asynctask.testing.AsyncTaskTestMode;
import io.github.asynctask.testing.AutoConfigureAsyncTask;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Boots the whole sample against a real Redis (never the embedded one) and places an
 * order over HTTP, as a user would with curl.
 */
// Closes the context after the class, before its Redis stops: a cached context closed at
// JVM exit would wait on a Redis that is gone and hold the forked JVM up.
@DirtiesContext
// Real workers on a real Redis: with async-task-spring-boot-test on the classpath a test
// without this gets record mode.
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.REDIS)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sample.embedded-redis.enabled=false", "async-task.defaults.backoff.delay=50ms" })
class SampleApplicationIntegrationTests implements RedisForSpringBootTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private AsyncTaskTemplate template;

	@Autowired
	private ActivityLog activity;

	@Test
	void theSalesReportIsAScheduleOfEveryMinuteAsTheYamlOverridesIt() {
		assertThat(this.template.schedules()).anySatisfy((schedule) -> {
			assertThat(schedule.name()).isEqualTo("shop.salesReport");
			assertThat(schedule.expression()).isEqualTo("every 1m");
			assertThat(schedule.overlap()).isFalse();
		});
	}

	@Test
	void anExportReportsProgressAndIsCancelledOverHttp() {
		RestClient http = RestClient.create("http://localhost:" + this.port);
		String id = http.post().uri("/exports?pages=200").retrieve().body(JsonNode.class).path("id").asString();
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.template.find(id).map((info) -> info.progress() != null).orElse(false));
		JsonNode shown = http.get().uri("/exports/" + id).retrieve().body(JsonNode.class);
		assertThat(shown.path("state").asString()).isEqualTo("ACTIVE");
		assertThat(shown.path("progress").path("message").asString()).startsWith("page ");
		assertThat(http.post()
			.uri("/exports/" + id + "/cancel")
			.retrieve()
			.body(JsonNode.class)
			.path("cancelled")
			.asBoolean()).isTrue();
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.template.find(id).map((info) -> info.state() == TaskState.DEAD).orElse(false));
		assertThat(this.template.find(id).orElseThrow().lastError()).startsWith("cancelled");
	}

	@Test
	void aPriceListImportShowsItsProgressAndLinksToItsBatchInTheConsole() {
		RestClient http = RestClient.create("http://localhost:" + this.port);
		String id = http.post()
			.uri("/imports?name=spring")
			.contentType(MediaType.valueOf("text/csv"))
			.body("sku-1,9.90\nsku-2,4.50\nbroken line\n")
			.retrieve()
			.body(JsonNode.class)
			.path("batchId")
			.asString();
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.template.findBatch(id).map((batch) -> batch.endedAt() != null).orElse(false));
		String page = http.get().uri("/imports/" + id + "/progress").retrieve().body(String.class);
		assertThat(page).contains("Import spring: completed")
			.contains("<progress id=\"import-progress\" max=\"3\" value=\"3\">")
			.contains("2 rows imported, 1 dead")
			.contains("href=\"/asynctask/#/batch/" + id + "\"");
		JsonNode batch = http.get().uri("/asynctask/api/batches/" + id).retrieve().body(JsonNode.class);
		assertThat(batch.path("deadChildren").get(0).path("lastError").asString())
			.contains("Line 'broken line' of spring is not 'sku,price'");
	}

	@Test
	void editsOfAProductWithinTheWindowReindexItOnceWithTheLastText() {
		RestClient http = RestClient.create("http://localhost:" + this.port);
		for (int i = 1; i <= 5; i++) {
			http.post().uri("/products/7/edit?text=draft " + i).retrieve().toBodilessEntity();
		}
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.activity.latest(100)
				.stream()
				.anyMatch((entry) -> entry.message().equals("product 7 indexed as 'draft 5'")));
		assertThat(this.activity.latest(100)).filteredOn((entry) -> entry.message().startsWith("product 7 indexed"))
			.hasSize(1);
	}

	@Test
	void aCustomerPicksTheHourOfTheirDailyReportAndCanStopIt() {
		RestClient http = RestClient.create("http://localhost:" + this.port);
		String body = "{\"hour\": 9, \"zone\": \"Europe/Berlin\"}";
		ResponseEntity<String> created = http.put()
			.uri("/customers/acme/report-schedule")
			.contentType(MediaType.APPLICATION_JSON)
			.body(body)
			.retrieve()
			.toEntity(String.class);
		assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		assertThat(http.put()
			.uri("/customers/acme/report-schedule")
			.contentType(MediaType.APPLICATION_JSON)
			.body(body)
			.retrieve()
			.toEntity(String.class)
			.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(this.template.schedules()).anySatisfy((schedule) -> {
			assertThat(schedule.name()).isEqualTo("customer-report:acme");
			assertThat(schedule.runtime()).isTrue();
			assertThat(schedule.task()).isEqualTo("shop.customer-report");
			assertThat(schedule.expression()).isEqualTo("cron 0 0 9 * * *");
			assertThat(schedule.zone()).isEqualTo("Europe/Berlin");
			assertThat(schedule.problem()).isNull();
		});
		assertThat(http.delete().uri("/customers/acme/report-schedule").retrieve().toBodilessEntity().getStatusCode())
			.isEqualTo(HttpStatus.NO_CONTENT);
		assertThat(this.template.schedules()).noneMatch((schedule) -> schedule.name().equals("customer-report:acme"));
	}

	@Test
	void placingAnOrderSavesItAndSendsItsReceiptCarryingTheRequestId() {
		RestClient http = RestClient.create("http://localhost:" + this.port);
		ResponseEntity<Order> response = http.post()
			.uri("/orders")
			.header("X-Request-Id", "req-ada-1")
			.contentType(MediaType.APPLICATION_JSON)
			.body(new NewOrder("Ada", new BigDecimal("42.50"), "ada@example.com"))
			.retrieve()
			.toEntity(Order.class);

		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		Order order = response.getBody();
		assertThat(order).isNotNull();
		assertThat(this.jdbc.sql("SELECT customer, email, amount FROM orders WHERE id = ?")
			.param(order.id())
			.query((rs, row) -> rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getBigDecimal(3))
			.single()).isEqualTo("Ada|ada@example.com|42.50");
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(http.get().uri("/activity").retrieve().body(String.class))
				.contains("\"task\":\"shop.receipt\"")
				.contains("Receipt sent for order " + order.id())
				.as("the request id in the request's MDC travelled into the receipt task")
				.contains("\"requestId\":\"req-ada-1\""));
		// the outbox is on: the order's tasks were rows of its transaction, gone once in
		// Redis
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.jdbc.sql("SELECT COUNT(*) FROM async_task_outbox").query(Integer.class).single() == 0);
	}

	@Test
	void shippingRetriesTheFlakyCourierUntilItWorksAndBuriesTheDoomedExport() {
		RestClient http = RestClient.create("http://localhost:" + this.port);
		Order order = http.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.body(new NewOrder("Grace", new BigDecimal("7.00"), "grace@example.com"))
			.retrieve()
			.body(Order.class);
		assertThat(order).isNotNull();
		http.post().uri("/orders/" + order.id() + "/ship").retrieve().toBodilessEntity();
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(http.get().uri("/activity").retrieve().body(String.class))
				.contains("Courier booked for order " + order.id() + " (attempt 3)"));
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
			String dead = http.get().uri("/actuator/asynctask/default?state=dead").retrieve().body(String.class);
			assertThat(dead).contains("shop.export-to-legacy-crm");
		});
	}

	// tag::console-walkthrough[]
	@Test
	void theConsoleFindsOrderReceiptsByBizIdAndRetriesTheDeadExportsInBulk() {
		RestClient http = RestClient.create("http://localhost:" + this.port);
		Order order = http.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.body(new NewOrder("Linus", new BigDecimal("42.00"), "linus@example.com"))
			.retrieve()
			.body(Order.class);
		assertThat(order).isNotNull();
		http.post().uri("/orders/" + order.id() + "/ship").retrieve().toBodilessEntity();
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(
					http.get().uri("/actuator/asynctask/default?state=dead").retrieve().body(String.class))
				.contains("shop.export-to-legacy-crm"));

		// "what happened to this order's receipt?": the order id is the receipt's bizId
		String found = http.get()
			.uri("/asynctask/api/search?q={q}", Long.toString(order.id()))
			.retrieve()
			.body(String.class);
		assertThat(found).contains("\"name\":\"shop.receipt\"")
			.contains("\"queue\":\"mail\"")
			.contains("\"via\":\"bizId\"");
		String receiptId = null;
		for (JsonNode match : JsonMapper.shared().readTree(found).path("matches")) {
			if ("shop.receipt".equals(match.path("name").asString())) {
				receiptId = match.path("id").asString();
			}
		}
		assertThat(receiptId).isNotNull();
		assertThat(
				http.get().uri("/asynctask/api/queues/mail/tasks/{id}/detail", receiptId).retrieve().body(String.class))
			.contains("\"bizId\":\"" + order.id() + "\"");

		// "retry every dead task of the default queue": one request, chunk by chunk in
		// Redis
		String retried = http.post()
			.uri("/asynctask/api/queues/default/bulk?state=dead&action=retry")
			.retrieve()
			.body(String.class);
		assertThat(retried).contains("\"finished\":true").doesNotContain("\"acted\":0");
	}
	// end::console-walkthrough[]

}
