package io.github.asynctask.redis;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where an instance's fetcher of one sharded queue stands: the shard the next fetch
 * starts at, the shard it last waited on for a wake-up, and whether the last full fetch
 * found every shard empty. An idle fetcher then looks only at the shard it just waited on
 * (a token came from there, or it was its turn), so an idle queue costs one wait and one
 * fetch per shard per turn, not a fetch of every shard after every wait.
 */
final class ShardCursor {

	private final AtomicInteger nextStart = new AtomicInteger();

	/** Only the fetcher thread turns it. */
	private int nextWait;

	private volatile int waited = -1;

	private volatile boolean idle;

	int nextStart(int shards) {
		return Math.floorMod(this.nextStart.getAndIncrement(), shards);
	}

	int nextWait(int shards) {
		int index = Math.floorMod(this.nextWait++, shards);
		this.waited = index;
		return index;
	}

	/** The shard an idle fetcher looks at, or -1 to look at all of them. */
	int idleShard(int shards) {
		int index = this.waited;
		return (this.idle && index >= 0 && index < shards) ? index : -1;
	}

	void idle(boolean idle) {
		this.idle = idle;
	}

}
