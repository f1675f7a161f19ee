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
		if (owed.callbacks().isEmpty() && owed.parentReport() == null) {
			return;
		}
		List<String> kinds = new ArrayList<>(owed.callbacks().size() + 1);
		for (BatchStore.Due one : owed.callbacks()) {
			this.broker.enqueue(one.call());
			kinds.add(one.kind());
		}
		if (owed.parentReport() != null) {
			reportToParent(owed.parentReport());
			kinds.add("p");
		}
		this.store.fired(batchId, kinds);
	}

	/**
	 * A nested batch ended: report it to its parent as one child, and enqueue what the
	 * parent then owes (its own parent's report too). Idempotent by the child's bit.
	 */
	private void reportToParent(String report) {
		int bar = report.lastIndexOf('|');
		BatchScope.Child child = BatchScope.Child.parse(report.substring(0, Math.max(0, bar)));
		if (child != null) {
			fire(child.batchId(), this.store.report(child.batchId(), child.index(), !report.endsWith("|ok")));
		}
	}

	BatchStore store() {
		return this.store;
	}

}
