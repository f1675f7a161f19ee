package io.github.asynctask.submit;

import java.util.List;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;

/**
 * Told what became of the submits held until a commit, so that the futures of their
 * results follow them: sent (or found a duplicate) at the commit, or never sent.
 */
interface SubmitFates {

	/** Tells nothing. */
	SubmitFates NONE = new SubmitFates() {

		@Override
		public void recorded(EnqueueRequest request, EnqueueResult result) {
		}

		@Override
		public void dropped(List<EnqueueRequest> requests, String reason) {
		}

	};

	/** Redis answered a request sent after its commit. */
	void recorded(EnqueueRequest request, EnqueueResult result);

	/** These requests will never be sent, for {@code reason}. */
	void dropped(List<EnqueueRequest> requests, String reason);

}
