package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.TaskState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A key of another type left at the queue's owed batch reports ({@code {q}:bown}): every
 * fetch is refused whole (it takes nothing), the fetcher warns once naming the key and
 * keeps running, the task waits in pending, and runs as soon as the key is gone.
 */
@ExtendWith({ WorkerHarnessExtension.class, OutputCaptureExtension.class })
class StrayOwedKeyIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private final WorkerHarness harness;

	StrayOwedKeyIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
	}

	@Test
	void fetchesAreRefusedNamingTheKeyAndResumeOnceItIsGone(CapturedOutput output) {
		WorkerContainer container = this.harness.start(WorkerHarness.settings(Map.of("q", 2)).build());
		String owed = this.harness.keys.batchOwed("q");
		this.harness.redis.cli("SET", owed, "left here by hand");
		String waiting = this.harness.submit("count", "waiting");
		String refusal = "key " + owed + " holds a string, not a zset; nothing was written";
		await().atMost(WAIT).until(() -> output.getOut().contains("Fetching from 'q' failed"));
		assertThat(output.getOut()).contains(refusal).containsOnlyOnce("Fetching from 'q' failed");
		assertThat(this.harness.find(waiting).state()).isEqualTo(TaskState.PENDING);
		assertThat(this.harness.probe.completions("waiting")).isZero();
		assertThat(container.isRunning()).isTrue();

		this.harness.redis.cli("DEL", owed);
		await().atMost(WAIT).until(() -> this.harness.probe.completions("waiting") == 1);
		// the body's end is counted before its ack reaches Redis
		await().atMost(WAIT).until(() -> this.harness.broker.find("q", waiting).isEmpty());
	}

}
