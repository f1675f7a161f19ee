package io.github.asynctask.redis.lua;

import java.util.List;

import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.DirectScripts;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.store.FlowStore;

/**
 * Chooses how submits reach Redis: plain ones together ({@link EnqueueCoalescer},
 * {@link EnqueueCalls}), a task that waits for others (flows) or is debounced in a call
 * of its own.
 */
final class EnqueueRouting {

	private final RedisKeys keys;

	/** Records tasks that wait for others (flows): a few calls each, in several slots. */
	private final WaitingEnqueue waiting;

	/** Writes enqueue calls and reads their replies. */
	private final EnqueueCalls enqueueCalls;

	private final DebouncedEnqueue debounced;

	/** Sends concurrent single submits together. */
	private final EnqueueCoalescer coalescer = new EnqueueCoalescer(this::enqueueAll, EnqueueCalls.MAX_PER_CALL);

	/** Every call through the runner (no direct connection). */
	EnqueueRouting(ScriptRunner runner, RedisKeys keys) {
		this(DirectScripts.off(runner), runner, keys);
	}

	/**
	 * Lone enqueue calls on the caller's thread over {@code direct} when it is free and
	 * on.
	 */
	EnqueueRouting(DirectScripts direct, ScriptRunner runner, RedisKeys keys) {
		this.keys = keys;
		this.waiting = new WaitingEnqueue(new FlowStore(runner, keys));
		this.enqueueCalls = new EnqueueCalls(direct, runner, keys);
		this.debounced = new DebouncedEnqueue(runner, keys);
	}

	void backlogLimits(BacklogLimits limits) {
		this.enqueueCalls.backlogLimits(limits);
	}

	/**
	 * At once when no other submit is in flight, else together with the submits that
	 * arrived meanwhile ({@link EnqueueCoalescer}); a task that waits for others (flows)
	 * goes on its own.
	 */
	EnqueueResult enqueue(EnqueueRequest request) {
		if (onItsOwn(request)) {
			return enqueueAll(List.of(request)).get(0);
		}
		return this.coalescer.enqueue(request);
	}

	/**
	 * One script call per queue (and per {@value EnqueueCalls#MAX_PER_CALL} tasks), the
	 * calls pipelined when there are several ({@link EnqueueCalls}).
	 */
	List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests) {
		if (requests.isEmpty()) {
			return List.of();
		}
		if (requests.stream().anyMatch(EnqueueRouting::onItsOwn)) {
			return enqueueWithWaiting(requests);
		}
		return this.enqueueCalls.send(requests);
	}

	/**
	 * Requests in order, waiting ones on their own and the others in one batch before
	 * them: a task a waiting one awaits in the same batch (a chain in one transaction)
	 * exists before the waiting one registers.
	 */
	private List<EnqueueResult> enqueueWithWaiting(List<EnqueueRequest> requests) {
		List<EnqueueRequest> plain = requests.stream().filter((request) -> !onItsOwn(request)).toList();
		List<EnqueueResult> plainResults = plain.isEmpty() ? List.of() : enqueueAll(plain);
		EnqueueResult[] results = new EnqueueResult[requests.size()];
		int next = 0;
		for (int i = 0; i < requests.size(); i++) {
			EnqueueRequest request = requests.get(i);
			results[i] = !onItsOwn(request) ? plainResults.get(next++) : (request.debounce() != null)
					? this.debounced.enqueue(request) : this.waiting.enqueue(request, uniqueKey(request));
		}
		return List.of(results);
	}

	/**
	 * A task that waits for others (flows) or is debounced: one script call of its own.
	 */
	private static boolean onItsOwn(EnqueueRequest request) {
		return !request.after().isEmpty() || request.debounce() != null;
	}

	private String uniqueKey(EnqueueRequest request) {
		return (request.bizId() != null) ? this.keys.unique(request.queue(), request.name(), request.bizId())
				: this.keys.noUnique(request.queue());
	}

}
