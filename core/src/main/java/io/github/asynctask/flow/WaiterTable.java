package io.github.asynctask.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The waiting futures by task id, several per id (the call's future and any number of
 * {@code template.result} futures), at most {@code max} in all. Lists are replaced whole,
 * so a reader never sees one half-changed.
 */
final class WaiterTable {

	private final Map<String, List<Waiter>> byId = new ConcurrentHashMap<>();

	private final AtomicInteger size = new AtomicInteger();

	private final int max;

	WaiterTable(int max) {
		if (max < 1) {
			throw new IllegalArgumentException("async-task.results.max-waiting must be positive but was " + max);
		}
		this.max = max;
	}

	/** Add a waiter unless {@code max} wait already; whether it was added. */
	boolean add(Waiter waiter) {
		int now;
		do {
			now = this.size.get();
			if (now >= this.max) {
				return false;
			}
		}
		while (!this.size.compareAndSet(now, now + 1));
		this.byId.merge(waiter.id(), List.of(waiter), WaiterTable::joined);
		return true;
	}

	/** Add a waiter that replaces one just removed (the count is not checked). */
	void replace(Waiter removed, Waiter added) {
		if (remove(removed)) {
			this.size.incrementAndGet();
			this.byId.merge(added.id(), List.of(added), WaiterTable::joined);
		}
	}

	/** Remove a waiter; whether it was there. */
	boolean remove(Waiter waiter) {
		boolean[] removed = new boolean[1];
		this.byId.computeIfPresent(waiter.id(), (id, waiters) -> {
			List<Waiter> left = new ArrayList<>(waiters);
			removed[0] = left.remove(waiter);
			return left.isEmpty() ? null : List.copyOf(left);
		});
		if (removed[0]) {
			this.size.decrementAndGet();
		}
		return removed[0];
	}

	/** The waiters of a task, none when none wait. */
	List<Waiter> of(String id) {
		return this.byId.getOrDefault(id, List.of());
	}

	boolean contains(String id) {
		return this.byId.containsKey(id);
	}

	/** The ids with waiters now. */
	Set<String> ids() {
		return Set.copyOf(this.byId.keySet());
	}

	int size() {
		return this.size.get();
	}

	int max() {
		return this.max;
	}

	private static List<Waiter> joined(List<Waiter> waiting, List<Waiter> more) {
		List<Waiter> all = new ArrayList<>(waiting.size() + more.size());
		all.addAll(waiting);
		all.addAll(more);
		return List.copyOf(all);
	}

}
