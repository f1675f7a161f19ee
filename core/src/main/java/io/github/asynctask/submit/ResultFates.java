package io.github.asynctask.submit;

import java.util.List;
import java.util.function.Supplier;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import org.jspecify.annotations.Nullable;

/** Tells the result futures of submits held until a commit what became of them. */
final class ResultFates implements SubmitFates {

	/** The submitter's waiters, set once at start-up when results are on. */
	private final Supplier<@Nullable ResultWaiting> waiters;

	ResultFates(Supplier<@Nullable ResultWaiting> waiters) {
		this.waiters = waiters;
	}

	@Override
	public void recorded(EnqueueRequest request, EnqueueResult result) {
		ResultWaiting waiters = this.waiters.get();
		if (waiters == null || waiters.size() == 0) {
			return;
		}
		if (result.outcome() == EnqueueResult.Outcome.DUPLICATE && !result.id().equals(request.id())) {
			waiters.duplicate(request.id(), result.id());
		}
		else {
			waiters.sent(request.id());
		}
	}

	@Override
	public void dropped(List<EnqueueRequest> requests, String reason) {
		ResultWaiting waiters = this.waiters.get();
		if (waiters != null && waiters.size() > 0) {
			requests.forEach((request) -> waiters.dropped(request.id(), reason));
		}
	}

}
