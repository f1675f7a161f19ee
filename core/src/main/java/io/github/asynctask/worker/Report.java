package io.github.asynctask.worker;

import java.util.function.Supplier;

import io.github.asynctask.redis.AckResult;

/**
 * One status report about a delivery, kept so it can be re-sent when Redis did not take
 * it.
 *
 * @param task the delivery
 * @param action what is reported, for logs ("complete", "retry", "kill", "requeue")
 * @param call the broker call; fenced by the delivery's token, so re-sending after an
 * ambiguous failure cannot apply it twice
 * @param onApplied run once when Redis applied it (events)
 */
record Report(RunningTask task, String action, Supplier<AckResult> call, Runnable onApplied) {

	static final String COMPLETE = "complete";

	/** Whether this reports a success, which Redis records even for a stale delivery. */
	boolean isSuccess() {
		return COMPLETE.equals(this.action);
	}

}
