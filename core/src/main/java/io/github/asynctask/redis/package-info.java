/**
 * The only package that talks to Redis: the broker with one method per task transition,
 * the key layout, and the Lua scripts behind them.
 * <p>
 * The key layout ({@link io.github.asynctask.redis.RedisKeys}, version 3): every key of a
 * queue is {@code <prefix>:{<queue>}:<part>} so that all keys one script touches hash to
 * the queue's cluster slot.
 *
 * <pre>
 * &lt;prefix&gt;:{q}:t          HASH   id -> task meta (JSON or packed), rewritten by every transition
 * &lt;prefix&gt;:{q}:p          HASH   id -> payload, written once at enqueue
 * &lt;prefix&gt;:{q}:pending    LIST   ids ready to run (LPUSH new, RPOP oldest)
 * &lt;prefix&gt;:{q}:scheduled  ZSET   id -> run-at (ms, Redis time)
 * &lt;prefix&gt;:{q}:retry      ZSET   id -> next attempt (ms)
 * &lt;prefix&gt;:{q}:active     ZSET   id -> lease deadline (ms)
 * &lt;prefix&gt;:{q}:lease      HASH   id -> fencing token of the current delivery
 * &lt;prefix&gt;:{q}:dead       ZSET   id -> died at (ms)
 * &lt;prefix&gt;:{q}:completed  ZSET   id -> expires at (ms)
 * &lt;prefix&gt;:{q}:done       ZSET   id -> completed at (ms), ids completed within the completed-ids window
 * &lt;prefix&gt;:{q}:paused     STRING present while paused
 * &lt;prefix&gt;:{q}:layouts    ZSET   shard count -> held until (ms): counts a sharded queue's tasks were placed under
 * &lt;prefix&gt;:{q}:fetch:&lt;fetchId&gt; STRING, JSON [id, token, ...] handed out by one dequeue call (PX lease),
 *                            or STRING "released" once the fetch was handed back (PX lease)
 * &lt;prefix&gt;:{q}:u:&lt;name length&gt;:&lt;name&gt;:&lt;bizId&gt; STRING task id holding the bizId (PX dedup-ttl)
 * &lt;prefix&gt;:{q}:waiting    ZSET   waiting id -> next check (ms)       (flows)
 * &lt;prefix&gt;:{q}:wait       HASH   waiting id -> what it waits for     (flows)
 * &lt;prefix&gt;:{q}:fw:&lt;condition&gt; SET waiter refs ["queue","id"] (PX its longest wait)  (flows)
 * &lt;prefix&gt;:{q}:fwi        ZSET   condition "i:&lt;id&gt;" with waiters -> kept until (flows)
 * &lt;prefix&gt;:{q}:fdone      ZSET   condition met -> remembered until   (flows)
 * &lt;prefix&gt;:{q}:frel       ZSET   owed release -> owed since          (flows)
 * &lt;prefix&gt;:{q}:bown       ZSET   owed batch report -> owed since     (batches)
 * &lt;prefix&gt;:{q}:wake       LIST   at most one wake-up token: pending went from empty to
 *                               non-empty, resumed with tasks, or a fetch left tasks behind
 * &lt;prefix&gt;:{q}:rate       ZSET   fencing token -> delivered at (ms), the last rate-limit period's deliveries
 * &lt;prefix&gt;:{q}:ck         HASH   concurrency key -> JSON [id, token, ...] of its deliveries (checked against lease)
 * &lt;prefix&gt;:{q}:ckp        ZSET   parked tasks of keys at their limit, '&lt;len&gt;:&lt;key&gt;:&lt;seq&gt;:&lt;id&gt;' (score 0)
 * &lt;prefix&gt;:{q}:ckr        LIST   the keys with parked tasks, each once, in turn
 * &lt;prefix&gt;:{q}:due        channel: the earliest scheduled/retry time moved earlier
 * &lt;prefix&gt;:{q}:workers    ZSET   instance id -> serves the queue until (ms)
 * &lt;prefix&gt;:{q}:hist:m:&lt;epoch minute&gt; HASH p processed, f failed (expires after 2 h)
 * &lt;prefix&gt;:{q}:hist:d:&lt;epoch day&gt;    HASH p processed, f failed (expires after 91 days)
 * &lt;prefix&gt;:queues         SET    every registered queue name
 * &lt;prefix&gt;:{instances}:seen ZSET  instance id -> expires at (ms)
 * &lt;prefix&gt;:{instances}:info HASH  instance id -> info JSON
 * &lt;prefix&gt;:{instances}:n:&lt;k&gt; STRING instance id holding number k (0..65535) of short task ids (PX lease)
 * &lt;prefix&gt;:{instances}:id-horizons HASH k -> last ms (its holder's clock) up to which a holder may make ids with k
 * </pre>
 *
 * A sharded queue ({@code async-task.queues.
 *
<q>.shards}) is several such queues: shard 0 keeps the queue's own keys {@code {q}}, shard
 * {@code i > 0} uses {@code {q#i}}, each with every key above, so shards land on
 * different slots and the scripts stay within one
 * ({@link io.github.asynctask.redis.RedisKeys#shard}).
 */
@NullMarked
package io.github.asynctask.redis;

import org.jspecify.annotations.NullMarked;
