/**
 * The sharded decorator: spreads a queue with {@code shards > 1} over {@code
 *
<q>#<i>} queues that each live in one slot, and fetches, wakes and counts across them.
 */
@NullMarked
package io.github.asynctask.redis.shard;

import org.jspecify.annotations.NullMarked;
