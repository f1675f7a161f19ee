package io.github.asynctask.batch;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.store.BatchStore;
import io.github.asynctask.redis.RedisBroker;

/**
 * Enqueues the callbacks a batch owes, then tells the batch they are: each under the task
 * id chosen when the batch was submitted, so an enqueue repeated after a crash before the
 * confirmation is a no-op, and the batch's scripts return an owed callback to every
 * report until it is confirmed. Together: exactly once.
 */
final class BatchCallbacks {

	private final RedisBroker broker;

	private final BatchStore store;

	private final BatchMeters meters;

	BatchCallbacks(RedisBroker broker, BatchStore store, BatchMeters meters) {
		this.broker = broker;
		this.store = store;
		this.meters = meters;
	}

	/** Enqueue what is owed; throws (for the caller to re-try) when Redis fails. */
	void fire(String batchId, BatchStore.Owed owed) {
		if (!owed.endedNow().isEmpty()) {
			this.meters.ended(owed.endedNow());
		}
		if (owed.callbacks().isEmpty()) {
			return;
		}
		List<String> kinds = new ArrayList<>(owed.callbacks().size());
		for (BatchStore.Due one : owed.callbacks()) {
			this.broker.enqueue(one.call());
			kinds.add(one.kind());
		}
		this.store.fired(batchId, kinds);
	}

	BatchStore store() {
		return this.store;
	}

}
