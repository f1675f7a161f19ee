package io.github.asynctask.sample;

import java.math.BigDecimal;
import java.time.Duration;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.github.asynctask.testing.AsyncTaskTestMode;
import io.github.asynctask.testing.AsyncTaskTestSupport;
import io.github.asynctask.testing.AutoConfigureAsyncTask;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The shop's tasks sent to a real Redis and run by the shop's own workers; the test waits
 * until the queue is drained.
 */
@ExtendWith(RedisExtension.class)
// Closes the context after the class, before its Redis stops.
@DirtiesContext
// tag::drain[]
@SpringBootTest(properties = { "sample.embedded-redis.enabled=false", "async-task.defaults.backoff.delay=10ms" })
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.REDIS)
class ShopDrainIntegrationTests {

	@Autowired
	private OrderService orderService;

	@Autowired
	private DoomedTasks doomedTasks;

	@Autowired
	private ActivityLog activity;

	@Autowired
	private AsyncTaskTestSupport tasks;

	// end::drain[]
	@Autowired
	private CatalogImportTasks catalogImports;

	@Autowired
	private AsyncTaskTemplate template;

	private static RedisServer redis;

	@BeforeAll
	static void keepRedis(RedisServer server) {
		redis = server;
	}

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.host", () -> redis.host());
		registry.add("spring.data.redis.port", () -> redis.port());
	}

	// tag::drain-tests[]
	@Test
	void placingAnOrderSendsItsReceiptOnceTheMailQueueIsDrained() {
		Order order = this.orderService.placeOrder(new NewOrder("Ada", new BigDecimal("42.50"), "ada@example.com"));

		this.tasks.drain("mail", Duration.ofSeconds(30));

		assertThat(this.activity.latest(10)).extracting(ActivityLog.Entry::message)
			.contains("Receipt sent for order " + order.id());
	}

	@Test
	void aTaskThatDiesFailsTheDrainWithItsError() {
		this.doomedTasks.exportToLegacyCrm(7);

		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> this.tasks.drain("default", Duration.ofSeconds(30)))
			.withMessageContaining("task 'shop.export-to-legacy-crm'")
			.withMessageContaining("died after 3 attempt(s)")
			.withMessageContaining("Legacy CRM at crm.example.invalid does not answer");
	}
	// end::drain-tests[]

	@Test
	void aPriceListImportedAsABatchEndsInItsOneCallback() {
		BatchReceipt receipt = this.catalogImports.importCsv("spring-prices", "sku-1,9.90\nsku-2,12.50\n\nsku-3,3.00");

		assertThat(receipt.children()).isEqualTo(3);
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.activity.latest(20)
				.stream()
				.anyMatch((entry) -> entry.message().equals("Price list spring-prices imported")));
		assertThat(this.template.findBatch(receipt.batchId())).map(BatchInfo::state).contains(BatchState.SUCCEEDED);
		// the onSuccess callback read the prices the lines returned (batchValues)
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.activity.latest(20)
				.stream()
				.anyMatch((entry) -> entry.message().startsWith("Price list spring-prices: 3 prices, 25.4")));
	}

	@Test
	void everyServedQueueDrainsWhileTheClosingWaitsItsHalfMinute() {
		Order order = this.orderService.placeOrder(new NewOrder("Bob", new BigDecimal("7.00"), "bob@example.com"));

		this.tasks.drainAll(Duration.ofSeconds(30));

		assertThat(this.activity.latest(10)).extracting(ActivityLog.Entry::message)
			.contains("Receipt sent for order " + order.id())
			.doesNotContain("Order " + order.id() + " closed: not paid in time");
	}

}
