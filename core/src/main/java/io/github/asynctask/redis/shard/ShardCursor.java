package io.github.asynctask.redis.shard;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Where an instance's fetcher of one sharded queue stands: the shard the next fetch
 * starts at, the shard it last waited on for a wake-up, and whether the last full fetch
 * found every shard empty.
 * <p>
 * A busy fetcher keeps to one shard: the next fetch starts where the last one filled up,
 * for at most {@link #STAY} fetches in a row, then at the shard after it. The tasks that
 * run at once on an instance then mostly come from one shard, so their acks group into
 * one script call as on an unsharded queue, and the instance's calls go to one master at
 * a time instead of waking every master for a few tasks each. Each instance starts at a
 * random shard, so several instances spread over the shards. An idle fetcher looks only
 * at the shard it just waited on (a token came from there, or it was its turn), so an
 * idle queue costs one wait and one fetch per shard per turn, not a fetch of every shard
 * after every wait; a fetch not preceded by a wait looks at every shard.
 * <p>
 * Races between threads fetching one queue at once cost fairness only, never a task.
 */
final class ShardCursor {

	/**
	 * How many fetches in a row start at the same shard while it keeps filling them: long
	 * enough for its acks to group, short enough that on a single busy instance the other
	 * shards wait only a few hundred fetches.
	 */
	static final int STAY = 16;

	private volatile int start = ThreadLocalRandom.current().nextInt(ShardName.MAX_SHARDS);

	/** Fetches in a row that started at {@link #start}. */
	private volatile int stayed;

	/** Only the fetcher thread turns it. */
	private int nextWait;

	private volatile int waited = -1;

	private volatile boolean idle;

	int start(int shards) {
		return Math.floorMod(this.start, shards);
	}

	/**
	 * Record where a fetch that started at {@code started} ended.
	 * @param started the shard it started at
	 * @param ended the last shard it asked
	 * @param filled whether it got every task it wanted (so {@code ended} may hold more)
	 */
	void fetched(int started, int ended, boolean filled) {
		if (!filled) {
			this.start = started + 1;
			this.stayed = 0;
		}
		else if (ended != started) {
			this.start = ended;
			this.stayed = 1;
		}
		else if (this.stayed + 1 >= STAY) {
			this.start = started + 1;
			this.stayed = 0;
		}
		else {
			this.start = started;
			this.stayed = this.stayed + 1;
		}
	}

	int nextWait(int shards) {
		int index = Math.floorMod(this.nextWait++, shards);
		this.waited = index;
		return index;
	}

	/**
	 * The shard an idle fetcher looks at, or -1 to look at all of them. A wait is used by
	 * one fetch only: a fetcher that fetches again without waiting (a pool's, while
	 * another queue of the pool has work) looks at every shard, so no shard is left
	 * unread however long the pool stays busy.
	 */
	int idleShard(int shards) {
		int index = this.waited;
		this.waited = -1;
		return (this.idle && index >= 0 && index < shards) ? index : -1;
	}

	void idle(boolean idle) {
		this.idle = idle;
	}

}
