package io.github.asynctask.redis.shard;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;

/**
 * The routing of submits: each goes to the shard {@link ShardChoice} picks, unless an
 * earlier layout already holds it ({@link EarlierLayouts}), with the conditions it waits
 * for (flows) pointed at the shards where they are met.
 */
final class ShardedWrites {

	private final RedisBroker shards;

	private final ShardLayout layout;

	private final EarlierLayouts earlier;

	ShardedWrites(RedisBroker shards, ShardLayout layout) {
		this.shards = shards;
		this.layout = layout;
		this.earlier = new EarlierLayouts(shards, layout, System::currentTimeMillis);
	}

	EnqueueResult enqueue(EnqueueRequest request) {
		EnqueueResult found = this.earlier.earlier(request);
		return (found != null) ? found : this.shards.enqueue(route(request, Map.of()));
	}

	/**
	 * Grouped per shard by the broker underneath: one script call per shard, pipelined.
	 */
	List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests) {
		EnqueueResult[] results = new EnqueueResult[requests.size()];
		Map<String, String> placedHere = new HashMap<>();
		List<EnqueueRequest> routed = new ArrayList<>(requests.size());
		for (int i = 0; i < results.length; i++) {
			EnqueueRequest request = requests.get(i);
			results[i] = this.earlier.earlier(request);
			if (results[i] == null) {
				EnqueueRequest placed = route(request, placedHere);
				placedHere.put(request.id(), placed.queue());
				routed.add(placed);
			}
		}
		if (routed.size() == results.length) {
			return this.shards.enqueueAll(routed);
		}
		Iterator<EnqueueResult> enqueued = this.shards.enqueueAll(routed).iterator();
		for (int i = 0; i < results.length; i++) {
			results[i] = (results[i] != null) ? results[i] : enqueued.next();
		}
		return List.of(results);
	}

	/**
	 * The request in its shard, with each condition it waits for (flows) in the shard
	 * where it is met: a condition on tasks of the request's bizId in that bizId's shard;
	 * a condition on a task id in the shard it was placed in: earlier in the same call,
	 * else the shard holding it or its completed id (looked up), else the shard the id
	 * hashes to.
	 */
	private EnqueueRequest route(EnqueueRequest request, Map<String, String> placedHere) {
		EnqueueRequest routed = ShardChoice.route(request, this.layout.configured(request.queue()));
		if (request.after().isEmpty()) {
			return routed;
		}
		List<EnqueueRequest.Awaited> after = new ArrayList<>(request.after().size());
		for (EnqueueRequest.Awaited awaited : request.after()) {
			after.add(new EnqueueRequest.Awaited(awaitedShard(awaited, request, placedHere), awaited.condition()));
		}
		return routed.withAfter(after, routed.waitTimeout());
	}

	private String awaitedShard(EnqueueRequest.Awaited awaited, EnqueueRequest request,
			Map<String, String> placedHere) {
		String queue = awaited.queue();
		int shards = this.layout.configured(queue);
		if (ShardName.parse(queue).index() > 0 || this.layout.served(queue).size() == 1) {
			return queue;
		}
		if (awaited.condition().startsWith("b:") && request.bizId() != null) {
			return ShardChoice.shardOf(queue, request.bizId(), shards);
		}
		if (awaited.condition().startsWith("i:")) {
			String id = awaited.condition().substring(2);
			String here = placedHere.get(id);
			if (here != null && ShardName.queueOf(here).equals(queue)) {
				return here;
			}
			for (String shard : this.layout.served(queue)) {
				if (this.shards.placed(shard, id, null, null).known()) {
					return shard;
				}
			}
			return ShardChoice.shardOf(queue, id, shards);
		}
		return queue;
	}

}
