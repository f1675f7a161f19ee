package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.TaskState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Task bodies on virtual threads (Java 21+ only; the build's own JDK 17 skips this class,
 * {@link BodyThreadsTests} covers the refusal there): each body gets a virtual thread
 * named like a pool thread, and the queue's concurrency still bounds how many run and how
 * many are fetched.
 */
@ExtendWith(WorkerHarnessExtension.class)
@EnabledForJreRange(min = JRE.JAVA_21)
class VirtualThreadsIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private final WorkerHarness harness;

	VirtualThreadsIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
	}

	@Test
	void bodiesRunOnVirtualThreadsAndConcurrencyStillBoundsThem() throws Exception {
		// four bodies wait on the gate; the fetcher takes no fifth while they do
		this.harness.runTenOnFourThreads("v", Duration.ofMillis(600), WAIT, (builder) -> builder.virtualThreads(true));
		for (int i = 0; i < 10; i++) {
			Thread thread = this.harness.probe.threads.get("v" + i);
			assertThat(this.harness.probe.completions("v" + i)).as("v" + i).isEqualTo(1);
			assertThat(isVirtual(thread)).as("thread of v" + i).isTrue();
			assertThat(thread.getName()).startsWith("asynctask-q-");
		}
	}

	@Test
	void shutdownInterruptsVirtualBodiesPastTheTimeoutAndHandsThemBackWithoutCountingTheAttempt() {
		WorkerContainer container = this.harness.start(
				WorkerHarness.settings(Map.of("q", 2)).shutdownTimeout(Duration.ofMillis(1500)).build(),
				(builder) -> builder.virtualThreads(true));
		String quick = this.harness.submit("sleep", "quick", 300L);
		String stuck = this.harness.submit("block", "stuck");
		await().atMost(WAIT).until(() -> this.harness.probe.running.get() == 2);
		container.stop();
		assertThat(this.harness.probe.completions("quick")).isEqualTo(1);
		assertThat(this.harness.broker.find("q", quick)).isEmpty();
		await().atMost(WAIT).until(() -> this.harness.probe.interrupted.get() == 1);
		assertThat(this.harness.find(stuck).state()).isEqualTo(TaskState.PENDING);
		assertThat(this.harness.find(stuck).attempts()).isZero();
		assertThat(this.harness.broker.stats("q").active()).isZero();
	}

	/** {@code Thread.isVirtual()}, which the release-17 test sources cannot call. */
	private static boolean isVirtual(Thread thread) throws ReflectiveOperationException {
		return (boolean) Thread.class.getMethod("isVirtual").invoke(thread);
	}

}
