package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Redis going away and coming back: fetchers and agents back off and resume on their own.
 */
@ExtendWith(WorkerHarnessExtension.class)
class WorkerRedisOutageIntegrationTests {

	private final WorkerHarness harness;

	WorkerRedisOutageIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
	}

	@Test
	void workResumesOnItsOwnAfterRedisRestarts() throws Exception {
		WorkerContainer container = this.harness.start(WorkerHarness.settings(Map.of("q", 2)).build());
		this.harness.submit("count", "before");
		await().atMost(Duration.ofSeconds(20)).until(() -> this.harness.probe.completions("before") == 1);
		this.harness.redis.stop();
		Thread.sleep(1000);
		this.harness.redis.start();
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
			this.harness.submit("count", "after");
			return true;
		});
		await().atMost(Duration.ofSeconds(30)).until(() -> this.harness.probe.completions("after") >= 1);
		assertThat(container.isRunning()).isTrue();
	}

}
