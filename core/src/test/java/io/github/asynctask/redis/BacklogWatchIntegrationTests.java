package io.github.asynctask.redis;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.limit.BacklogLimit;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.limit.BacklogWatch;
import io.github.asynctask.limit.BacklogWatchAccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fill of a limited queue, and its WARN at 80 % at most once a minute.
 */
@ExtendWith(OutputCaptureExtension.class)
class BacklogWatchIntegrationTests extends BrokerIntegrationTestSupport {

	private final BacklogLimits limits = new BacklogLimits(
			Map.of(QUEUE, new BacklogLimit(10, BacklogLimit.OnFull.REJECT, Duration.ZERO)), Map.of());

	@Test
	void aQueueAt80PercentIsWarnedAboutOnceAMinute(CapturedOutput output) {
		AtomicLong nanos = new AtomicLong();
		BacklogWatch watch = BacklogWatchAccess.watch(this.broker, this.limits, nanos::get);
		for (int i = 0; i < 7; i++) {
			fixture.enqueue();
		}
		watch.check();
		assertThat(watch.fills().get(QUEUE)).isEqualTo(new BacklogWatch.Fill(7, 10));
		assertThat(output).doesNotContain("% full");
		fixture.enqueue();
		watch.check();
		nanos.addAndGet(Duration.ofSeconds(59).toNanos());
		watch.check();
		assertThat(output).containsOnlyOnce("Queue 'q1' is 80 % full: backlog (pending + scheduled + retry) 8 of "
				+ "async-task.queues.q1.max-backlog=10");
		nanos.addAndGet(Duration.ofSeconds(1).toNanos());
		watch.check();
		assertThat(output.toString().split("is 80 % full", -1)).hasSize(3);
	}

}
