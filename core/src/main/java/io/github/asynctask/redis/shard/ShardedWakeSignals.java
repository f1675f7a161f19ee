package io.github.asynctask.redis.shard;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import io.github.asynctask.redis.PendingWait;
import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.redis.wake.WakeListener;
import io.github.asynctask.redis.wake.WakeSignals;

/**
 * {@link WakeSignals} of sharded queues: the due channels of every shard are listened to
 * (and reported under the queue's name), and an idle fetcher waits on the shards' wake-up
 * lists in turn ({@link RotatingPendingWait}).
 */
public final class ShardedWakeSignals implements WakeSignals {

	private final RedisWakeSignals shards;

	private final ShardLayout layout;

	public ShardedWakeSignals(RedisWakeSignals shards, ShardLayout layout) {
		this.shards = shards;
		this.layout = layout;
	}

	/**
	 * Shards added later (by another instance) are not listened to: the forwarder still
	 * polls them, only a due time moved earlier on them waits for that poll.
	 */
	@Override
	public void subscribe(Collection<String> queues, WakeListener listener) {
		List<String> names = new ArrayList<>();
		queues.forEach((queue) -> names.addAll(this.layout.served(queue)));
		this.shards.subscribe(names, new WakeListener() {

			@Override
			public void onDue(String queue) {
				listener.onDue(ShardName.queueOf(queue));
			}

		});
	}

	@Override
	public PendingWait pendingWait(String queue) {
		// turning over one shard is a plain wait, and it follows shards added later
		return this.shards.pendingWait(queue, this.layout);
	}

	@Override
	public void close() {
		this.shards.close();
	}

}
