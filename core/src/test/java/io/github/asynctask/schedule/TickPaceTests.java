package io.github.asynctask.schedule;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

import io.github.asynctask.annotation.Misfire;
import io.github.asynctask.definition.TestDefinitions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the annotated-schedule loop calls for a tick: at it on the turn's holder, a
 * fallback delay later elsewhere, drawn once per tick.
 */
class TickPaceTests {

	private final Map<String, Duration> fallbacks = new HashMap<>();

	private final TickPace pace = new TickPace((queue) -> this.fallbacks.getOrDefault(queue, Duration.ZERO));

	private final TickFiring.Cursor cursor = new TickFiring.Cursor(new Schedule(TestDefinitions.of(new Job(), "run"),
			"every 1s", ZoneOffset.UTC, new Ticks.Every(1_000), Misfire.ONCE, true, false));

	@Test
	void theFirstCallGoesAtOnceToLearnTheState() {
		this.fallbacks.put("default", Duration.ofSeconds(5));
		assertThat(this.pace.callAt(this.cursor)).isEqualTo(Long.MIN_VALUE);
	}

	@Test
	void onTimeItCallsAtTheTick() {
		this.cursor.nextTick = 10_000;
		assertThat(this.pace.callAt(this.cursor)).isEqualTo(10_000);
	}

	@Test
	void asAFallbackItCallsOneDrawnDelayLaterPerTickAndOnTimeOnceItHoldsTheTurn() {
		this.cursor.nextTick = 10_000;
		this.fallbacks.put("default", Duration.ofSeconds(5));
		assertThat(this.pace.callAt(this.cursor)).isEqualTo(15_000);
		this.fallbacks.put("default", Duration.ofSeconds(7));
		assertThat(this.pace.callAt(this.cursor)).as("drawn once for the tick").isEqualTo(15_000);
		this.cursor.nextTick = 11_000;
		assertThat(this.pace.callAt(this.cursor)).as("drawn again for the next").isEqualTo(18_000);
		this.fallbacks.put("default", Duration.ZERO);
		assertThat(this.pace.callAt(this.cursor)).isEqualTo(11_000);
	}

	static class Job {

		public void run() {
		}

	}

}
