package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.wake.RedisPendingWait;

/**
 * Which wake-up list an idle fetcher of a sharded queue blocks on next. A cluster cannot
 * block on lists of several slots in one call, so the fetcher blocks on one shard's list
 * at a time, for its wait divided among the shards (at least the one second Redis blocks
 * for), then on the next shard's: a new task on any shard is seen within one turn of the
 * wheel, as long as one unsharded fallback poll, and the fetcher keeps one connection
 * however many shards there are.
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class ShardTurns implements Function<Duration, RedisPendingWait.Turn> {

	private static final Duration SHORTEST = Duration.ofSeconds(1);

	private final String queue;

	private final ShardLayout layout;

	private final RedisKeys keys;

	public ShardTurns(String queue, ShardLayout layout, RedisKeys keys) {
		this.queue = queue;
		this.layout = layout;
		this.keys = keys;
	}

	@Override
	public RedisPendingWait.Turn apply(Duration timeout) {
		List<String> shards = this.layout.served(this.queue);
		String shard = shards.get(this.layout.cursor(this.queue).nextWait(shards.size()));
		Duration share = timeout.dividedBy(shards.size());
		return new RedisPendingWait.Turn(this.keys.wake(shard), (share.compareTo(SHORTEST) < 0) ? SHORTEST : share);
	}

}
