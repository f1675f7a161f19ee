package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An idle fetcher's wait over the shards of its queue. A cluster cannot block on lists of
 * several slots in one call, so it blocks on one shard's wake-up list at a time, for the
 * wait's timeout divided among the shards (at least the one second Redis blocks for), and
 * moves to the next shard after each wait: a new task on any shard is seen within one
 * turn of the wheel, as long as one unsharded fallback poll. Each shard's wait keeps its
 * own connection once used.
 */
final class RotatingPendingWait implements PendingWait {

	private static final Duration SHORTEST = Duration.ofSeconds(1);

	private final String queue;

	private final ShardLayout layout;

	private final WakeSignals signals;

	private final Map<String, PendingWait> waits = new ConcurrentHashMap<>();

	/** Only the fetcher thread turns it. */
	private int next;

	private volatile boolean closed;

	RotatingPendingWait(String queue, ShardLayout layout, WakeSignals signals) {
		this.queue = queue;
		this.layout = layout;
		this.signals = signals;
	}

	@Override
	public boolean await(Duration timeout) {
		if (this.closed) {
			return false;
		}
		List<String> shards = this.layout.served(this.queue);
		String shard = shards.get(Math.floorMod(this.next++, shards.size()));
		Duration share = timeout.dividedBy(shards.size());
		PendingWait wait = this.waits.computeIfAbsent(shard, this.signals::pendingWait);
		if (this.closed) {
			wait.close();
			return false;
		}
		return wait.await((share.compareTo(SHORTEST) < 0) ? SHORTEST : share);
	}

	@Override
	public void close() {
		this.closed = true;
		this.waits.values().forEach(PendingWait::close);
	}

}
