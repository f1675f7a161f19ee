package io.github.asynctask.redis.shard;

/**
 * The name under which one shard of a queue lives in Redis: shard 0 is the queue itself,
 * shard {@code i > 0} is {@code <queue>#<i>}. Names ending in {@code #<digits>} are
 * therefore reserved for shards.
 *
 * @param queue the queue users name in {@code @AsyncTask} and the properties
 * @param index the shard, from 0
 */
public record ShardName(String queue, int index) {

	/** Separates a queue's name from its shard index. */
	public static final char SEPARATOR = '#';

	/** The most shards a queue may have. */
	public static final int MAX_SHARDS = 1024;

	/** The Redis-side queue name of this shard. */
	public String name() {
		return of(this.queue, this.index);
	}

	/** The Redis-side name of shard {@code index} of {@code queue}. */
	public static String of(String queue, int index) {
		if (index < 0 || index >= MAX_SHARDS) {
			throw new IllegalArgumentException(
					"Shard index of queue '" + queue + "' must be within 0.." + (MAX_SHARDS - 1) + " but was " + index);
		}
		return (index == 0) ? queue : queue + SEPARATOR + index;
	}

	/**
	 * Read a Redis-side queue name: {@code q#3} is shard 3 of {@code q}; any other name
	 * is shard 0 of itself.
	 */
	public static ShardName parse(String name) {
		int at = name.lastIndexOf(SEPARATOR);
		if (at <= 0 || at == name.length() - 1 || name.length() - at > 5 || name.charAt(at + 1) == '0') {
			return new ShardName(name, 0);
		}
		int index = 0;
		for (int i = at + 1; i < name.length(); i++) {
			char c = name.charAt(i);
			if (c < '0' || c > '9') {
				return new ShardName(name, 0);
			}
			index = index * 10 + (c - '0');
		}
		return (index < MAX_SHARDS) ? new ShardName(name.substring(0, at), index) : new ShardName(name, 0);
	}

	/** The queue a Redis-side queue name belongs to ({@code q#3} → {@code q}). */
	public static String queueOf(String name) {
		// most names have no separator: spare the worker's per-task calls a record
		return (name.lastIndexOf(SEPARATOR) <= 0) ? name : parse(name).queue();
	}

	/** Whether a name users give a queue would read as a shard of another queue. */
	public static boolean looksLikeShard(String queue) {
		return parse(queue).index() > 0;
	}

}
