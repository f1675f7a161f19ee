package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the tasks of a sharded queue are looked for, run on a single Redis and on a
 * cluster: a dependent finds a predecessor placed by its bizId, and a re-sent submit
 * meets its first attempt after the shard count changed (dedup by bizId and the
 * completed-ids window).
 */
final class ShardPlacementChecks {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration TTL = Duration.ofMinutes(10);

	private ShardPlacementChecks() {
	}

	/** 8 predecessors with a bizId, completed: each dependent runs at once. */
	static void aDependentFindsACompletedPredecessorPlacedByItsBizId(RedisBroker base, String queue) {
		ShardedRedisBroker sharded = new ShardedRedisBroker(base, Map.of(queue, 4));
		int found = 0;
		for (int i = 0; found < 8; i++) {
			EnqueueRequest a = EnqueueRequest.now(queue, "a-" + i, "pay", "{}", 0).withBizId("order-" + i, TTL);
			if (ShardChoice.of(a, 4) == ShardChoice.of(EnqueueRequest.now(queue, a.id(), "pay", "{}", 0), 4)) {
				continue;
			}
			found++;
			assertThat(sharded.enqueue(a).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
			complete(sharded, queue, a.id());
			EnqueueRequest b = EnqueueRequest.now(queue, "b-" + i, "ship", "{}", 0)
				.withAfter(List.of(EnqueueRequest.Awaited.id(queue, a.id())), TTL);
			assertThat(sharded.enqueue(b).outcome()).as("dependent of %s", a.id())
				.isEqualTo(EnqueueResult.Outcome.ENQUEUED);
			complete(sharded, queue, b.id());
		}
	}

	/**
	 * A bizId submitted through an instance with {@code before} shards and re-sent
	 * through one with {@code after} (raised or lowered) is a duplicate, alone and in a
	 * batch.
	 */
	static void aBizIdIsRememberedAcrossAResize(RedisBroker base, String queue, int before, int after) {
		ShardedRedisBroker first = new ShardedRedisBroker(base, Map.of(queue, before));
		ShardedRedisBroker second = new ShardedRedisBroker(base, Map.of(queue, after));
		int moved = 0;
		for (int i = 0; moved < 8; i++) {
			EnqueueRequest sent = EnqueueRequest.now(queue, "first-" + i, "t", "{}", 0).withBizId("order-" + i, TTL);
			if (ShardChoice.of(sent, before) == ShardChoice.of(sent, after)) {
				continue;
			}
			moved++;
			assertThat(first.enqueue(sent).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
			EnqueueRequest again = EnqueueRequest.now(queue, "again-" + i, "t", "{}", 0).withBizId("order-" + i, TTL);
			EnqueueResult duplicate = new EnqueueResult(sent.id(), EnqueueResult.Outcome.DUPLICATE);
			assertThat(second.enqueue(again)).as("re-sent %s", sent.bizId()).isEqualTo(duplicate);
			assertThat(second.enqueueAll(List.of(again))).as("re-sent %s in a batch", sent.bizId())
				.containsExactly(duplicate);
		}
		// the instance with more shards serves them all (the other learns of them from
		// the
		// registry, not written here)
		assertThat(((after > before) ? second : first).stats(queue).pending()).isEqualTo(8);
	}

	/** An id completed under 4 shards and re-sent under 8 is not run again. */
	static void aCompletedIdIsRememberedAcrossAResize(RedisBroker base, String queue) {
		ShardedRedisBroker four = new ShardedRedisBroker(base, Map.of(queue, 4));
		ShardedRedisBroker eight = new ShardedRedisBroker(base, Map.of(queue, 8));
		int moved = 0;
		for (int i = 0; moved < 8; i++) {
			EnqueueRequest first = EnqueueRequest.now(queue, "id-" + i, "t", "{}", 0);
			if (ShardChoice.of(first, 4) == ShardChoice.of(first, 8)) {
				continue;
			}
			moved++;
			assertThat(four.enqueue(first).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
			complete(four, queue, first.id());
			assertThat(eight.enqueue(first).outcome()).as("re-sent %s", first.id())
				.isEqualTo(EnqueueResult.Outcome.ALREADY_EXISTS);
		}
		assertThat(eight.stats(queue).pending()).isZero();
	}

	/**
	 * A debounced bizId submitted under {@code before} shards and again under
	 * {@code after}: the one task, in the shard it was placed in, takes the last
	 * arguments; no second task is made.
	 */
	static void aDebouncedBizIdTakesTheLastArgumentsAcrossAResize(RedisBroker base, String queue, int before,
			int after) {
		ShardedRedisBroker first = new ShardedRedisBroker(base, Map.of(queue, before));
		ShardedRedisBroker second = new ShardedRedisBroker(base, Map.of(queue, after));
		int moved = 0;
		for (int i = 0; moved < 4; i++) {
			EnqueueRequest sent = EnqueueRequest.now(queue, "d1-" + i, "t", "{\"v\":1}", 0)
				.withBizId("doc-" + i, TTL)
				.withDebounce(Duration.ofHours(1));
			if (ShardChoice.of(sent, before) == ShardChoice.of(sent, after)) {
				continue;
			}
			moved++;
			assertThat(first.enqueue(sent).outcome()).isEqualTo(EnqueueResult.Outcome.SCHEDULED);
			EnqueueRequest last = EnqueueRequest.now(queue, "d2-" + i, "t", "{\"v\":2}", 0)
				.withBizId("doc-" + i, TTL)
				.withDebounce(Duration.ofHours(1));
			assertThat(second.enqueue(last)).as("debounced %s", sent.bizId())
				.isEqualTo(new EnqueueResult(sent.id(), EnqueueResult.Outcome.DUPLICATE));
			assertThat(base.find(ShardName.of(queue, ShardChoice.of(sent, before)), sent.id()).orElseThrow().payload())
				.as("arguments of %s", sent.id())
				.isEqualTo("{\"v\":2}");
		}
		assertThat(((after > before) ? second : first).stats(queue).scheduled()).isEqualTo(4);
	}

	private static void complete(ShardedRedisBroker sharded, String queue, String id) {
		List<Delivery> taken = sharded.dequeue(queue, 100, LEASE);
		assertThat(taken).extracting(Delivery::id).containsExactly(id);
		assertThat(sharded.complete(taken.get(0), Duration.ZERO)).isEqualTo(AckResult.APPLIED);
	}

}
