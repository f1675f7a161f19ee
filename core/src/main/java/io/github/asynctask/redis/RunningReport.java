package io.github.asynctask.redis;

import org.jspecify.annotations.Nullable;

/**
 * What a worker's heartbeat tells Redis about one delivery it runs.
 *
 * @param delivery the delivery, by task id and fencing token
 * @param percent the last progress its body reported (0..100), or -1 for none since the
 * last report
 * @param message the progress message, {@code null} with no progress
 */
public record RunningReport(DeliveryToken delivery, int percent, @Nullable String message) {

	/** A delivery with no new progress: only asked whether it was cancelled. */
	public static RunningReport of(DeliveryToken delivery) {
		return new RunningReport(delivery, -1, null);
	}

	/**
	 * The script's progress argument: {@code "<percent>|<message>"}, {@code ""} for none.
	 */
	public String progressArgument() {
		return (this.percent < 0) ? "" : this.percent + "|" + ((this.message != null) ? this.message : "");
	}

}
