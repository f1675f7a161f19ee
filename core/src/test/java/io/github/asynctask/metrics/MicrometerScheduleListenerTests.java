package io.github.asynctask.metrics;

import io.github.asynctask.schedule.ScheduleListener.TickOutcome;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MicrometerScheduleListenerTests {

	@Test
	void countsTicksByTaskAndOutcome() {
		SimpleMeterRegistry registry = new SimpleMeterRegistry();
		MicrometerScheduleListener listener = new MicrometerScheduleListener(registry);
		listener.ticks("reports.nightly", TickOutcome.FIRED, 1);
		listener.ticks("reports.nightly", TickOutcome.FIRED, 2);
		listener.ticks("reports.nightly", TickOutcome.SKIPPED_OVERLAP, 1);
		listener.ticks("reports.nightly", TickOutcome.MISSED, 4);
		assertThat(registry.get(MicrometerScheduleListener.TICKS)
			.tags("task", "reports.nightly", "outcome", "fired")
			.counter()
			.count()).isEqualTo(3.0);
		assertThat(registry.get(MicrometerScheduleListener.TICKS).tags("outcome", "skipped-overlap").counter().count())
			.isEqualTo(1.0);
		assertThat(registry.get(MicrometerScheduleListener.TICKS).tags("outcome", "missed").counter().count())
			.isEqualTo(4.0);
	}

}
