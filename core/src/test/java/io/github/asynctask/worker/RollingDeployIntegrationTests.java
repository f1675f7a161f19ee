package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.EnqueueRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A rolling deploy on real Redis: an "old" container that does not define task
 * {@code x.new} and a "new" one that does serve the same queue. The old one hands the
 * task back instead of killing it, without counting an attempt, and sends it to dead only
 * after the unknown-task grace.
 */
@ExtendWith(WorkerHarnessExtension.class)
class RollingDeployIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(120);

	private static final int TASKS = 200;

	private final Probe newProbe = new Probe();

	private final WorkerHarness oldVersion;

	private final WorkerHarness newVersion;

	RollingDeployIntegrationTests(WorkerHarness oldVersion, WorkerHarness newVersion) {
		this.oldVersion = oldVersion;
		this.newVersion = newVersion
			.define(TestTasks.definition("x.new", "q", this.newProbe, "count", 3, Duration.ofSeconds(30), List.of()));
	}

	@Test
	void tasksOnlyTheNewVersionDefinesAllRunThereWithoutCountingTheOldVersionsFetches() {
		WorkerHarness.Events oldEvents = new WorkerHarness.Events();
		this.oldVersion.start(WorkerHarness.settings(Map.of("q", 4)).build(), (builder) -> builder.listener(oldEvents));
		// the new version keeps completed tasks, so their attempts can be read
		this.newVersion.start(WorkerHarness.settings(Map.of("q", 4))
			.retention(new WorkerSettings.Retention(Duration.ofHours(1), Duration.ofDays(7)))
			.build());
		List<String> ids = submitX(TASKS);

		await().atMost(WAIT).until(() -> completed(this.newProbe) == TASKS);

		for (String id : ids) {
			TaskInfo task = this.newVersion.find(id);
			assertThat(task.state()).as(id).isEqualTo(TaskState.COMPLETED);
			assertThat(task.attempts()).as("attempts of " + id).isEqualTo(1);
		}
		assertThat(this.newVersion.broker.stats("q").dead()).isZero();
		assertThat(oldEvents.dead.get()).isZero();
		assertThat(oldEvents.failed.get()).isZero();
	}

	@Test
	void withOnlyTheOldVersionRunningTheTaskGoesDeadAfterTheGraceNamingTheUnknownTask() {
		this.oldVersion.start(WorkerHarness.settings(Map.of("q", 2)).unknownTaskGrace(Duration.ofSeconds(1)).build());
		List<String> ids = submitX(5);

		await().atMost(WAIT)
			.until(() -> ids.stream().allMatch((id) -> this.oldVersion.find(id).state() == TaskState.DEAD));

		for (String id : ids) {
			TaskInfo task = this.oldVersion.find(id);
			assertThat(task.lastError()).contains("'x.new'").contains("unknown-task-grace");
			assertThat(task.attempts()).isZero();
		}
	}

	private List<String> submitX(int count) {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			EnqueueRequest request = this.newVersion.request("x.new", Map.of(), "x-" + i);
			this.newVersion.broker.enqueue(request);
			ids.add(request.id());
		}
		return ids;
	}

	private static int completed(Probe probe) {
		int done = 0;
		for (int i = 0; i < TASKS; i++) {
			done += (probe.completions("x-" + i) > 0) ? 1 : 0;
		}
		return done;
	}

}
