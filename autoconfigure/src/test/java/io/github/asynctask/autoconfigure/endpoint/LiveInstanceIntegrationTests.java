package io.github.asynctask.autoconfigure.endpoint;

import java.time.Duration;
import java.time.Instant;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.WorkerContexts;
import io.github.asynctask.autoconfigure.console.ProcessedCounter;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.autoconfigure.console.Views.InstanceView;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A live instance as the endpoint shows it, from the heartbeat its real workers write:
 * {@code lastHeartbeat} says when that was.
 */
@ExtendWith(RedisExtension.class)
class LiveInstanceIntegrationTests {

	@Test
	void aLiveInstanceShowsWhenItLastHeartbeat(RedisServer redis) {
		redis.flushAll();
		WorkerContexts.on(redis, MailTasks.class)
			.withPropertyValues("async-task.shutdown-timeout=1s")
			.run((context) -> {
				TaskOperations operations = new TaskOperations(context.getBean(RedisBroker.class),
						new ProcessedCounter(), true);
				await().atMost(Duration.ofSeconds(10)).until(() -> !operations.overview().instances().isEmpty());
				InstanceView instance = operations.overview().instances().get(0);
				assertThat(instance.lastHeartbeat()).as("lastHeartbeat of %s", instance.id()).isNotNull();
				assertThat(Instant.parse(instance.lastHeartbeat())).isBetween(Instant.now().minusSeconds(60),
						Instant.now().plusSeconds(1));
			});
	}

	@AsyncTask(queue = "mail")
	static class MailTasks {

		public void send(String what) {
		}

	}

}
