package io.github.asynctask.autoconfigure.version;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskState;
import io.github.asynctask.autoconfigure.version.Shipping.ShipV1;
import io.github.asynctask.autoconfigure.version.Shipping.ShipV2;
import io.github.asynctask.autoconfigure.version.Shipping.ShippingV1;
import io.github.asynctask.autoconfigure.version.Shipping.ShippingV2;
import io.github.asynctask.redis.RedisBroker;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The rolling-deploy scenarios of a task whose version goes from 1 to 2, run on whichever
 * Redis (standalone, cluster, sharded queue) the runner's properties name.
 */
final class VersionScenarios {

	static final Duration WAIT = Duration.ofSeconds(60);

	private VersionScenarios() {
	}

	/**
	 * Version-1 tasks wait (no worker) while a version-2 instance starts: each is upcast
	 * and run once, with the renamed field's value.
	 */
	static void waitingVersion1TasksRunUpcastOnVersion2(ApplicationContextRunner runner, int tasks) {
		Shipping.reset();
		Map<String, String> carriers = new HashMap<>();
		runner.withPropertyValues("async-task.worker.enabled=false").withBean(ShippingV1.class).run((v1) -> {
			assertThat(v1).hasNotFailed();
			for (int i = 0; i < tasks; i++) {
				String orderId = "o-" + i;
				carriers.put(orderId, "carrier-" + i + "/1");
				v1.getBean(ShippingV1.class).ship(new ShipV1(orderId, "carrier-" + i));
			}
		});
		runner.withBean(ShippingV2.class).withBean(Shipping.CarrierRenamed.class).run((v2) -> {
			assertThat(v2).hasNotFailed();
			await().atMost(WAIT).until(() -> Shipping.shippedByV2.size() == tasks);
			assertThat(Shipping.shippedByV2).isEqualTo(carriers);
			assertThat(v2.getBean(RedisBroker.class).stats("shipping").dead()).isZero();
		});
		assertThat(Shipping.shippedByV1).isEmpty();
	}

	/**
	 * A version-2 task fetched by a version-1 instance is handed back uncounted, never
	 * run there, and runs once a version-2 instance starts.
	 */
	static void version2TaskMetByVersion1IsHandedBackThenRunByVersion2(ApplicationContextRunner runner, int tasks) {
		Shipping.reset();
		List<String> ids = new ArrayList<>();
		runner.withBean(ShippingV1.class).run((v1) -> {
			assertThat(v1).hasNotFailed();
			runner.withPropertyValues("async-task.worker.enabled=false").withBean(ShippingV2.class).run((producer) -> {
				ShippingV2 shipping = producer.getBean(ShippingV2.class);
				for (int i = 0; i < tasks; i++) {
					ShipV2 order = new ShipV2("n-" + i, "company-" + i, 2);
					ids.add(producer.getBean(AsyncTaskTemplate.class)
						.submit(TaskOptions.defaults(), () -> shipping.ship(order))
						.taskId());
				}
			});
			await().atMost(WAIT).untilAsserted(() -> {
				for (String id : ids) {
					TaskInfo task = find(v1, id);
					assertThat(task.state()).as(id).isEqualTo(TaskState.RETRY);
					assertThat(task.lastError()).contains("version 2").contains("'" + Shipping.TASK + "'");
					assertThat(task.attempts()).as("attempts of " + id).isZero();
				}
			});
			assertThat(Shipping.shippedByV1).isEmpty();
		});
		runner.withBean(ShippingV2.class).withBean(Shipping.CarrierRenamed.class).run((v2) -> {
			await().atMost(WAIT).until(() -> Shipping.shippedByV2.size() == tasks);
			assertThat(Shipping.shippedByV2).containsEntry("n-0", "company-0/2");
			assertThat(v2.getBean(RedisBroker.class).stats("shipping").dead()).isZero();
		});
		assertThat(Shipping.shippedByV1).isEmpty();
	}

	static TaskInfo find(ApplicationContext context, String id) {
		return context.getBean(RedisBroker.class)
			.find("shipping", id)
			.orElseThrow(() -> new AssertionError("no task " + id));
	}

}
