package io.github.asynctask.flow;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.github.asynctask.redis.store.FlowStore;
import org.jspecify.annotations.Nullable;

/**
 * Reads where the results of waiting futures stand. A result lives beside its task, in
 * the slot of the shard that holds the task ({@code <prefix>:{q#i}:r:<id>}), so that the
 * completing and burying scripts never cross slots. A waiter whose shard is known reads
 * that shard only; one whose shard is not known yet (a sharded queue's task not yet
 * announced) asks the queue's shards in turn and keeps the first that knows the task. An
 * unsharded queue is its own only shard: one call, as before sharding.
 */
final class ResultReads {

	/** Ids per script call. */
	static final int BATCH = 500;

	/** What is read for a task no shard knows. */
	static final FlowStore.ResultState NOTHING = new FlowStore.ResultState('x', "", "");

	private final FlowStore store;

	private final Function<String, List<String>> shards;

	/**
	 * @param shards the Redis-side names of every shard of a queue (the queue itself when
	 * it is not sharded)
	 */
	ResultReads(FlowStore store, Function<String, List<String>> shards) {
		this.store = store;
		this.shards = shards;
	}

	/** Where each waiter's result stands; pins the waiters whose shard it found. */
	Map<Waiter, FlowStore.ResultState> read(Collection<Waiter> waiters) {
		Map<Waiter, FlowStore.ResultState> states = new IdentityHashMap<>();
		Map<String, List<Waiter>> pinned = new LinkedHashMap<>();
		Map<String, List<Waiter>> unpinned = new LinkedHashMap<>();
		for (Waiter waiter : waiters) {
			String shard = waiter.shard();
			if (shard != null) {
				pinned.computeIfAbsent(shard, (name) -> new ArrayList<>()).add(waiter);
			}
			else {
				unpinned.computeIfAbsent(waiter.queue(), (name) -> new ArrayList<>()).add(waiter);
			}
		}
		pinned.forEach((shard, list) -> readIn(shard, list, states, false));
		unpinned.forEach((queue, list) -> {
			List<Waiter> left = list;
			for (String shard : this.shards.apply(queue)) {
				if (left.isEmpty()) {
					break;
				}
				left = readIn(shard, left, states, true);
			}
			left.forEach((waiter) -> states.put(waiter, NOTHING));
		});
		return states;
	}

	/** The shard of {@code queue} that knows task {@code id}, or {@code null}. */
	@Nullable String locate(String queue, String id) {
		for (String shard : this.shards.apply(queue)) {
			if (this.store.results(shard, List.of(id)).get(0).status() != NOTHING.status()) {
				return shard;
			}
		}
		return null;
	}

	/**
	 * Read the waiters in one shard; with {@code search}, those it does not know are
	 * returned for the next shard instead of being read as nothing.
	 */
	private List<Waiter> readIn(String shard, List<Waiter> waiters, Map<Waiter, FlowStore.ResultState> states,
			boolean search) {
		List<Waiter> unknown = new ArrayList<>();
		for (int from = 0; from < waiters.size(); from += BATCH) {
			List<Waiter> batch = waiters.subList(from, Math.min(waiters.size(), from + BATCH));
			List<FlowStore.ResultState> read = this.store.results(shard, batch.stream().map(Waiter::id).toList());
			for (int i = 0; i < read.size(); i++) {
				Waiter waiter = batch.get(i);
				FlowStore.ResultState state = read.get(i);
				if (search && state.status() == NOTHING.status()) {
					unknown.add(waiter);
				}
				else {
					if (search) {
						waiter.pin(shard);
					}
					states.put(waiter, state);
				}
			}
		}
		return unknown;
	}

}
