package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.PendingWait;

/**
 * How an idle fetcher waits for new work: on its queue's wake-up list, or, for a pool, on
 * the wake-up lists of all its queues at once (they sit in different cluster slots, so
 * one blocking command cannot watch them all).
 */
interface IdleWait extends AutoCloseable {

	/**
	 * Block until new work may be there or about {@code timeout} passes.
	 * @throws RuntimeException when Redis cannot be reached; the caller polls instead
	 */
	void await(Duration timeout);

	@Override
	void close();

	static IdleWait of(String name, Map<String, PendingWait> waits, Signal wakeUp) {
		if (waits.size() == 1) {
			PendingWait only = waits.values().iterator().next();
			return new IdleWait() {

				@Override
				public void await(Duration timeout) {
					only.await(timeout);
				}

				@Override
				public void close() {
					only.close();
				}

			};
		}
		List<PendingWait> all = new ArrayList<>(waits.values());
		return new PoolIdleWait(name, all, wakeUp);
	}

}
