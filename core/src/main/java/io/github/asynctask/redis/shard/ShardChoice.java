package io.github.asynctask.redis.shard;

import io.github.asynctask.redis.EnqueueRequest;
import org.jspecify.annotations.Nullable;

/**
 * Where a submit goes: a task with a concurrency key to the shard a hash of that key
 * picks, so that all tasks of one key meet one counter ({@link #placedBy}); else the
 * shard a hash of the task's bizId picks, so that dedup and dependencies of one bizId
 * stay in one slot; without either, the hash of the task id, which spreads tasks evenly
 * and sends a re-sent submit to the shard its first attempt may have reached (a re-send
 * must meet its own id to be a no-op). The hash is {@link String#hashCode()} (fixed by
 * the language) mixed, so it is the same on every instance and JVM.
 */
final class ShardChoice {

	private ShardChoice() {
	}

	/** The shard index of a request among {@code shards}. */
	static int of(EnqueueRequest request, int shards) {
		if (shards == 1) {
			return 0;
		}
		String key = placedBy(request);
		if (key == null) {
			key = (request.bizId() != null) ? request.bizId() : request.id();
		}
		return Math.floorMod(mix(key.hashCode()), shards);
	}

	/** The request addressed to its shard (the same request when that is shard 0). */
	static EnqueueRequest route(EnqueueRequest request, int shards) {
		return at(request, of(request, shards));
	}

	/** The request placed in shard {@code index} of its queue. */
	static EnqueueRequest at(EnqueueRequest request, int index) {
		if (index == 0) {
			return request;
		}
		return new EnqueueRequest(ShardName.of(request.queue(), index), request.id(), request.name(), request.payload(),
				request.maxRetries(), request.delay(), request.at(), request.bizId(), request.dedupTtl(),
				request.after(), request.waitTimeout(), request.concurrencyKey(), request.maxConcurrency(),
				request.debounce());
	}

	/**
	 * The concurrency key of a keyed task, which places it ahead of its bizId: a key's
	 * running tasks are counted in its shard's slot, so every task of the key must be
	 * there. Its bizId's dedup key lives in that shard too; a re-sent call carries the
	 * same key and meets it.
	 */
	static @Nullable String placedBy(EnqueueRequest request) {
		return request.concurrencyKey();
	}

	/**
	 * The shard of a queue holding the tasks of a bizId, for a condition on them: a
	 * waiting task awaits tasks of its own bizId (flows), which live in that bizId's
	 * shard.
	 */
	static String shardOf(String queue, String bizId, int shards) {
		return (shards == 1) ? queue : ShardName.of(queue, Math.floorMod(mix(bizId.hashCode()), shards));
	}

	/** Murmur3's finalizer: neighbouring strings end up far apart. */
	private static int mix(int hash) {
		int h = hash;
		h ^= h >>> 16;
		h *= 0x85ebca6b;
		h ^= h >>> 13;
		h *= 0xc2b2ae35;
		h ^= h >>> 16;
		return h;
	}

}
