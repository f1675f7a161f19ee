package io.github.asynctask.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;

import org.springframework.scheduling.support.CronExpression;

/**
 * The tick times of a schedule: a Spring {@link CronExpression} in a zone, or a fixed
 * interval aligned to the epoch (so every instance computes the same ticks).
 */
sealed interface Ticks {

	/** Ticks never end: returned by {@link #next} when a cron has no further tick. */
	long NEVER = Long.MAX_VALUE;

	/**
	 * The first tick strictly after {@code afterMillis} (epoch ms), or {@link #NEVER}.
	 */
	long next(long afterMillis);

	/** What identifies the ticks: a state stored under another fingerprint is reset. */
	String fingerprint();

	/**
	 * Ticks of a cron expression, in a zone (DST as {@link CronExpression} documents).
	 */
	record Cron(CronExpression expression, ZoneId zone) implements Ticks {

		@Override
		public long next(long afterMillis) {
			ZonedDateTime next = this.expression.next(Instant.ofEpochMilli(afterMillis).atZone(this.zone));
			return (next != null) ? next.toInstant().toEpochMilli() : NEVER;
		}

		@Override
		public String fingerprint() {
			return "cron:" + this.expression + "@" + this.zone.getId();
		}

	}

	/** Every {@code periodMillis}, at the multiples of the period since the epoch. */
	record Every(long periodMillis) implements Ticks {

		@Override
		public long next(long afterMillis) {
			return Math.floorDiv(afterMillis, this.periodMillis) * this.periodMillis + this.periodMillis;
		}

		@Override
		public String fingerprint() {
			return "every:" + this.periodMillis;
		}

	}

}
