package io.github.asynctask.autoconfigure.version;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.autoconfigure.version.Shipping.ShipV1;
import io.github.asynctask.autoconfigure.version.Shipping.ShippingV1;
import io.github.asynctask.autoconfigure.version.Shipping.ShippingV2;
import io.github.asynctask.autoconfigure.console.AsyncTaskConsoleAutoConfiguration;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import io.github.asynctask.version.StoredTaskCheck;
import io.github.asynctask.version.UnreadableTasks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Task versions through the auto-configuration on standalone Redis: a rolling deploy both
 * ways, the start-up sample check, the dead reason of a task that still cannot be read,
 * and the start-up errors of an upcaster chain with a gap or a doubled step.
 */
@ExtendWith({ FlushedRedisExtension.class, OutputCaptureExtension.class })
class TaskVersionsIntegrationTests {

	private final ApplicationContextRunner runner;

	TaskVersionsIntegrationTests(RedisServer redis) {
		this.runner = Shipping.runner(redis.springDataRedisProperties());
	}

	@Test
	void waitingVersion1TasksAreUpcastAndRunByAVersion2Instance() {
		VersionScenarios.waitingVersion1TasksRunUpcastOnVersion2(this.runner, 20);
	}

	@Test
	void aVersion2TaskMetByAVersion1InstanceIsHandedBackAndRunByAVersion2Instance() {
		VersionScenarios.version2TaskMetByVersion1IsHandedBackThenRunByVersion2(this.runner, 5);
	}

	@Test
	void storedTasksTheNewCodeCannotReadAreReportedAtStartUpOnceAndGoDeadNamingVersionAndParameter(
			CapturedOutput output) {
		Shipping.reset();
		this.runner.withPropertyValues("async-task.worker.enabled=false").withBean(ShippingV1.class).run((v1) -> {
			for (int i = 0; i < 3; i++) {
				v1.getBean(ShippingV1.class).ship(new ShipV1("u-" + i, "carrier-" + i));
			}
		});
		// version 2 without its upcaster: ShipV2's int "parcels" is missing
		this.runner.withConfiguration(AutoConfigurations.of(AsyncTaskConsoleAutoConfiguration.class))
			.withPropertyValues("async-task.worker.enabled=false")
			.withBean(ShippingV2.class)
			.run((v2) -> {
				StoredTaskCheck check = v2.getBean(StoredTaskCheck.class);
				await().atMost(VersionScenarios.WAIT).until(() -> check.last() != null);
				assertThat(check.last()).hasSize(1);
				UnreadableTasks unreadable = check.last().get(0);
				assertThat(unreadable.taskName()).isEqualTo(Shipping.TASK);
				assertThat(unreadable.count()).isEqualTo(3);
				assertThat(unreadable.exampleError()).contains("'order'").contains("stored at version 1");
				// the endpoint's and the console's overview
				assertThat(v2.getBean(TaskOperations.class).overview().unreadable()).containsExactly(unreadable);
				// sampled, not taken: still pending
				assertThat(v2.getBean(RedisBroker.class).stats("shipping").pending()).isEqualTo(3);
			});
		assertThat(output.getOut().split("cannot be read by this instance's code")).hasSize(2);
		assertThat(output.getOut()).contains("3 of 3 stored tasks of task '" + Shipping.TASK + "'");
		this.runner.withBean(ShippingV2.class).run((v2) -> {
			RedisBroker broker = v2.getBean(RedisBroker.class);
			await().atMost(VersionScenarios.WAIT).until(() -> broker.stats("shipping").dead() == 3);
			for (TaskInfo task : broker.list("shipping", TaskState.DEAD, 0, 10)) {
				assertThat(task.lastError()).contains("Argument 0 ('order')")
					.contains("ShipV2")
					.contains("at parcels")
					.contains("stored at version 1, read as version 2");
			}
		});
		assertThat(Shipping.shippedByV2).isEmpty();
	}

	@Test
	void aMissingStepOfAnUpcasterChainFailsStartUpNamingTaskAndVersion() {
		this.runner.withBean(ShippingV3.class).withBean(Shipping.CarrierRenamed.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining(
					"Task '" + Shipping.TASK + "' has upcasters from version 1 but none from " + "version 2 to 3");
		});
	}

	@Test
	void twoUpcastersOfOneStepFailStartUp() {
		this.runner.withBean(ShippingV2.class)
			.withBean("first", Shipping.CarrierRenamed.class)
			.withBean("second", Shipping.CarrierRenamed.class)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure())
					.hasMessageContaining("Task '" + Shipping.TASK + "' has 2 upcasters from version 1");
			});
	}

	public static class ShippingV3 {

		@io.github.asynctask.annotation.AsyncTask(name = Shipping.TASK, queue = "shipping", version = 3)
		public void ship(Shipping.ShipV2 order) {
		}

	}

}
