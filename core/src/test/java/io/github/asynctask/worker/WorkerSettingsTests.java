package io.github.asynctask.worker;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class WorkerSettingsTests {

	@Test
	void defaultsDeriveTheHeartbeatFromTheLease() {
		WorkerSettings settings = WorkerSettings.builder(Map.of("mail", 4)).lease(Duration.ofSeconds(30)).build();
		assertThat(settings.heartbeatInterval()).isEqualTo(Duration.ofSeconds(10));
		assertThat(settings.retention()).isEqualTo(WorkerSettings.Retention.DEFAULT);
	}

	@Test
	void zeroConcurrencyIsRefusedNamingTheProperty() {
		assertThatIllegalArgumentException().isThrownBy(() -> WorkerSettings.builder(Map.of("mail", 0)).build())
			.withMessageContaining("async-task.queues.mail.concurrency")
			.withMessageContaining("but was 0");
	}

	@Test
	void negativeConcurrencyIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> WorkerSettings.builder(Map.of("mail", -3)).build())
			.withMessageContaining("async-task.queues.mail.concurrency");
	}

	@Test
	void missingConcurrencyIsRefused() {
		Map<String, Integer> queues = new LinkedHashMap<>();
		queues.put("mail", null);
		assertThatIllegalArgumentException().isThrownBy(() -> WorkerSettings.builder(queues).build())
			.withMessageContaining("async-task.queues.mail.concurrency");
	}

	@Test
	void leaseShorterThanThreeHeartbeatsIsRefusedNamingTheProperty() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> WorkerSettings.builder(Map.of("mail", 1))
				.lease(Duration.ofSeconds(2))
				.heartbeatInterval(Duration.ofSeconds(1))
				.build())
			.withMessageContaining("async-task.lease")
			.withMessageContaining("3 times the heartbeat interval");
	}

	@Test
	void noQueuesIsRefusedPointingAtProducerOnlyMode() {
		assertThatIllegalArgumentException().isThrownBy(() -> WorkerSettings.builder(Map.of()).build())
			.withMessageContaining("async-task.worker.enabled=false");
	}

	@Test
	void invalidQueueNameIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> WorkerSettings.builder(Map.of("a{b}", 1)).build())
			.withMessageContaining("async-task.queues")
			.withMessageContaining("braces");
	}

	@Test
	void negativeShutdownTimeoutIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> WorkerSettings.builder(Map.of("q", 1)).shutdownTimeout(Duration.ofSeconds(-1)).build())
			.withMessageContaining("async-task.shutdown-timeout");
	}

	@Test
	void negativeRetentionIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new WorkerSettings.Retention(Duration.ofSeconds(-1), Duration.ZERO))
			.withMessageContaining("async-task.retention.completed");
	}

	@Test
	void queuesKeepTheirOrderAndCannotBeChangedAfterwards() {
		Map<String, Integer> queues = new LinkedHashMap<>();
		queues.put("b", 1);
		queues.put("a", 2);
		WorkerSettings settings = WorkerSettings.builder(queues).build();
		queues.put("c", 3);
		assertThat(settings.concurrencyByQueue()).containsExactly(Map.entry("b", 1), Map.entry("a", 2));
	}

}
