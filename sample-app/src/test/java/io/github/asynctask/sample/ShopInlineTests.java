package io.github.asynctask.sample;

import java.math.BigDecimal;

import io.github.asynctask.testing.AsyncTaskTestMode;
import io.github.asynctask.testing.AutoConfigureAsyncTask;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The shop's tasks run on the test's thread right after the commit, once, with no Redis:
 * the effect of a task is there when the call returns.
 */
// tag::inline[]
@SpringBootTest(properties = { "sample.embedded-redis.enabled=false", "spring.data.redis.port=1" })
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.INLINE)
class ShopInlineTests {

	@Autowired
	private OrderService orderService;

	@Autowired
	private DoomedTasks doomedTasks;

	@Autowired
	private ActivityLog activity;

	@Test
	void placingAnOrderSendsItsReceiptWhenTheCallReturns() {
		Order order = this.orderService.placeOrder(new NewOrder("Ada", new BigDecimal("42.50"), "ada@example.com"));

		assertThat(this.activity.latest(10)).extracting(ActivityLog.Entry::message)
			.contains("Receipt sent for order " + order.id());
	}

	@Test
	void aTaskThatFailsFailsTheCallThatSubmittedIt() {
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> this.doomedTasks.exportToLegacyCrm(7))
			.withMessageContaining("task 'shop.export-to-legacy-crm') failed when run inline")
			.withStackTraceContaining("Legacy CRM at crm.example.invalid does not answer");
	}
	// end::inline[]

	@Test
	void theDelayedClosingIsNotRunSoTheNewOrderStaysOpen() {
		Order order = this.orderService.placeOrder(new NewOrder("Bob", new BigDecimal("7.00"), "bob@example.com"));

		assertThat(this.activity.latest(10)).extracting(ActivityLog.Entry::message)
			.doesNotContain("Order " + order.id() + " closed: not paid in time");
	}

}
