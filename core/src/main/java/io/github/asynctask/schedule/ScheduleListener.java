package io.github.asynctask.schedule;

/**
 * Told what each schedule's ticks gave (meters, logs).
 */
@FunctionalInterface
public interface ScheduleListener {

	/** A listener that does nothing. */
	ScheduleListener NO_OP = (schedule, outcome, count) -> {
	};

	/**
	 * Ticks of one schedule handled by one script call of this instance.
	 * @param schedule the schedule (task) name
	 * @param outcome what they gave
	 * @param count how many ticks (at least 1)
	 */
	void ticks(String schedule, TickOutcome outcome, int count);

	/** What a due tick gave. */
	enum TickOutcome {

		/** A task was created for it. */
		FIRED,

		/**
		 * Not run: the previous tick's task had not finished ({@code overlap = false}).
		 */
		SKIPPED_OVERLAP,

		/** Passed over by the misfire rule (ONCE keeps one of them, SKIP none). */
		MISSED;

		/**
		 * The meter tag value: {@code fired}, {@code skipped-overlap}, {@code missed}.
		 */
		public String tag() {
			return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
		}

	}

}
