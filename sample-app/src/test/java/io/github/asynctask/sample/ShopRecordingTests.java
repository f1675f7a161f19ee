package io.github.asynctask.sample;

import java.math.BigDecimal;
import java.time.Duration;

import io.github.asynctask.testing.AsyncTaskRecorder;
import io.github.asynctask.testing.AsyncTaskTestMode;
import io.github.asynctask.testing.AutoConfigureAsyncTask;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shop's tasks recorded, not run: no Redis at all (spring.data.redis.port points
 * where nothing listens), yet the test sees what placing an order submits.
 */
// tag::record[]
@SpringBootTest(properties = { "sample.embedded-redis.enabled=false", "spring.data.redis.port=1" })
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.RECORD)
class ShopRecordingTests {

	@Autowired
	private OrderService orderService;

	@Autowired
	private AsyncTaskRecorder tasks;

	@Test
	void placingAnOrderSubmitsItsReceiptOnceWithTheOrder() {
		Order order = this.orderService.placeOrder(new NewOrder("Ada", new BigDecimal("42.50"), "ada@example.com"));

		assertThat(this.tasks.submitted(ReceiptTasks.class, "sendReceipt")).singleElement().satisfies((task) -> {
			assertThat(task.arg(0, Order.class).id()).isEqualTo(order.id());
			assertThat(task.bizId()).isEqualTo(String.valueOf(order.id()));
		});
	}
	// end::record[]

	@Test
	void placingAnOrderSchedulesItsClosingHalfAMinuteLater() {
		Order order = this.orderService.placeOrder(new NewOrder("Bob", new BigDecimal("7.00"), "bob@example.com"));

		assertThat(this.tasks.submitted("shop.close-if-unpaid")).singleElement().satisfies((task) -> {
			assertThat(task.arg(0, Long.class)).isEqualTo(order.id());
			assertThat(task.delay()).isEqualTo(Duration.ofSeconds(30));
			assertThat(task.queue()).isEqualTo("orders");
		});
	}

}
