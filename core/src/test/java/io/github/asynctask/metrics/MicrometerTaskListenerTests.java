package io.github.asynctask.metrics;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MicrometerTaskListenerTests {

	private final MeterRegistry registry = new SimpleMeterRegistry();

	private final MicrometerTaskListener listener = new MicrometerTaskListener(this.registry);

	@Test
	void countersAreTaggedByQueueAndTask() {
		this.listener.submitted("mail", "mail.receipt");
		this.listener.submitted("mail", "mail.receipt");
		this.listener.submitted("default", "report");
		assertThat(count("asynctask.tasks.submitted", "mail", "mail.receipt")).isEqualTo(2);
		assertThat(count("asynctask.tasks.submitted", "default", "report")).isEqualTo(1);
	}

	@Test
	void hungAttemptsAreCounted() {
		this.listener.hung("mail", "mail.receipt", Duration.ofSeconds(30));
		assertThat(count("asynctask.tasks.hung", "mail", "mail.receipt")).isEqualTo(1);
	}

	@Test
	void flowControlHoldsAreCountedByQueue() {
		this.listener.rateLimited("mail", Duration.ofMillis(300));
		this.listener.rateLimited("mail", Duration.ofMillis(100));
		this.listener.concurrencyKeyBlocked("reports");
		assertThat(this.registry.get("asynctask.ratelimit.delayed").tags("queue", "mail").counter().count())
			.isEqualTo(2);
		assertThat(this.registry.get("asynctask.concurrency.key.blocked").tags("queue", "reports").counter().count())
			.isEqualTo(1);
	}

	@Test
	void everyAttemptIsTimedWhetherItSucceedsOrFails() {
		this.listener.completed("mail", "mail.receipt", Duration.ofMillis(120));
		this.listener.failed("mail", "mail.receipt", Duration.ofMillis(80), new IllegalStateException("smtp"), true);
		var timer = this.registry.get("asynctask.task.duration").tags("queue", "mail", "task", "mail.receipt").timer();
		assertThat(timer.count()).isEqualTo(2);
		assertThat(timer.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(200);
		assertThat(count("asynctask.tasks.completed", "mail", "mail.receipt")).isEqualTo(1);
		assertThat(count("asynctask.tasks.failed", "mail", "mail.receipt")).isEqualTo(1);
	}

	@Test
	void resendBufferGaugeFollowsTheLastReportedSize() {
		assertThat(this.registry.get(MicrometerTaskListener.RESEND_BUFFER).gauge().value()).isZero();
		this.listener.resendBufferSize(7);
		assertThat(this.registry.get(MicrometerTaskListener.RESEND_BUFFER).gauge().value()).isEqualTo(7);
		this.listener.resendBufferSize(0);
		assertThat(this.registry.get(MicrometerTaskListener.RESEND_BUFFER).gauge().value()).isZero();
	}

	private double count(String name, String queue, String task) {
		return this.registry.get(name).tags("queue", queue, "task", task).counter().count();
	}

}
