package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A submit whose reply was lost is re-sent with the same id (the re-send buffer): with
 * {@code retention.completed = 0s} the first copy may have run and been deleted already,
 * and the re-send must not run it again.
 */
@ExtendWith(WorkerHarnessExtension.class)
class ResendAfterCompletionIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final int TASKS = 200;

	private final WorkerHarness harness;

	ResendAfterCompletionIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
	}

	@Test
	void reSendsOfCompletedAndDeletedTasksDoNotRunThemAgain() {
		this.harness.start(WorkerHarness.settings(Map.of("q", 1)).build());
		List<EnqueueRequest> sent = new ArrayList<>();
		for (int i = 0; i < TASKS; i++) {
			EnqueueRequest request = this.harness.request("count", Map.of(), "task-" + i);
			this.harness.broker.enqueue(request);
			sent.add(request);
		}
		// a body's end is counted before its grouped ack reaches Redis: wait for the acks
		// too
		await().atMost(WAIT)
			.until(() -> completedAll(sent)
					&& sent.stream().allMatch((request) -> this.harness.broker.find("q", request.id()).isEmpty()));

		List<EnqueueResult> resent = this.harness.broker.enqueueAll(sent);

		assertThat(resent).extracting(EnqueueResult::outcome).containsOnly(EnqueueResult.Outcome.ALREADY_EXISTS);
		// one thread, one list: a re-sent copy would run before this task
		this.harness.submit("count", "after");
		await().atMost(WAIT).until(() -> this.harness.probe.completions("after") == 1);
		for (int i = 0; i < TASKS; i++) {
			assertThat(this.harness.probe.runs("task-" + i)).as("runs of task-" + i).isEqualTo(1);
		}
	}

	private boolean completedAll(List<EnqueueRequest> sent) {
		for (int i = 0; i < sent.size(); i++) {
			if (this.harness.probe.completions("task-" + i) < 1) {
				return false;
			}
		}
		return true;
	}

}
