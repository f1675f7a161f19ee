package io.github.asynctask.redis.lua;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult.Outcome;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.store.FlowStore;

/**
 * Records a task that waits for others (flows), in three steps that cannot be one script
 * since the awaited tasks may live in other slots: park it as waiting, register it with
 * each awaited condition, release it for each condition met already. Every step is
 * idempotent, so a re-send repeats them all; a crash between them is finished by the
 * first check of the waiting sweep, which registers it again.
 */
final class WaitingEnqueue {

	private final FlowStore store;

	WaitingEnqueue(FlowStore store) {
		this.store = store;
	}

	EnqueueResult enqueue(EnqueueRequest request, String uniqueKey) {
		EnqueueResult parked = this.store.park(request, uniqueKey, FlowStore.CHECK_LEAST);
		if (parked.outcome() == Outcome.DUPLICATE) {
			return parked;
		}
		boolean released = this.store.watchAll(request.queue(), request.id(), request.after(), request.waitTimeout());
		if (parked.outcome() == Outcome.ALREADY_EXISTS) {
			return parked;
		}
		return released ? new EnqueueResult(request.id(), Outcome.ENQUEUED) : parked;
	}

}
