package io.github.asynctask.autoconfigure.console;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

import io.github.asynctask.redis.store.BulkActions;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.store.RedisHistory;
import io.github.asynctask.redis.store.TaskPages;
import io.github.asynctask.redis.store.TaskPages.RawTask;
import org.jspecify.annotations.Nullable;

/**
 * The console's reads and actions over every shard of a queue (one shard unless the
 * queue's {@code shards} property is above 1). A page lists the shards one after another
 * (shard 0's tasks in the order asked, then shard 1's, ...), so each call reads at most
 * the page from each shard plus each shard's size, and paging from offset 0 on lists
 * every task once while the sets do not change; the order holds within a shard, not
 * across shards.
 */
final class QueueShards {

	/**
	 * The offset asked of a shard only its size is wanted from: past any real set, so
	 * nothing is read, and exact as a Lua number.
	 */
	private static final long PAST_THE_END = 2 * TaskBrowser.MAX_OFFSET;

	private final RedisBroker broker;

	QueueShards(RedisBroker broker) {
		this.broker = broker;
	}

	/** The Redis-side queues holding the queue's tasks, shard 0 first. */
	List<String> of(String queue) {
		return this.broker.layout().served(queue);
	}

	/** One page of a state over the shards, with the total of all of them. */
	TaskPages.Page page(TaskPages pages, String queue, String state, boolean newest, long offset, int size,
			int preview) {
		List<String> shards = of(queue);
		if (shards.size() == 1) {
			return pages.page(queue, state, newest, offset, size, preview);
		}
		long skip = offset;
		long total = 0;
		List<RawTask> tasks = new ArrayList<>(size);
		for (String shard : shards) {
			int wanted = size - tasks.size();
			TaskPages.Page part = pages.page(shard, state, newest, (wanted > 0) ? skip : PAST_THE_END,
					Math.max(1, wanted), preview);
			total += part.total();
			if (wanted > 0) {
				tasks.addAll(part.tasks());
				skip = Math.max(0, skip - part.total());
			}
		}
		return new TaskPages.Page(total, tasks);
	}

	/**
	 * A bulk action on each shard in turn, the chunk limit shared by all; the outcome is
	 * the sum.
	 */
	BulkActions.Outcome bulk(BulkActions bulk, String queue, String state, boolean run, @Nullable String taskName,
			int maxChunks) {
		long acted = 0;
		long left = 0;
		int chunks = 0;
		for (String shard : of(queue)) {
			if (chunks >= maxChunks) {
				return new BulkActions.Outcome(acted, left, chunks, false);
			}
			BulkActions.Outcome outcome = bulk.apply(shard, state, run, taskName, maxChunks - chunks);
			acted += outcome.acted();
			left += outcome.leftInPlace();
			chunks += outcome.chunks();
			if (!outcome.finished()) {
				return new BulkActions.Outcome(acted, left, chunks, false);
			}
		}
		return new BulkActions.Outcome(acted, left, chunks, true);
	}

	/**
	 * The first non-zero answer of an action on one task, asked of each shard in turn (a
	 * task is in one shard); 0 when no shard has it.
	 */
	int onTask(String queue, ToIntFunction<String> action) {
		for (String shard : of(queue)) {
			int code = action.applyAsInt(shard);
			if (code != 0) {
				return code;
			}
		}
		return 0;
	}

	/**
	 * The history of every shard summed bucket by bucket. The workers count a sharded
	 * queue's attempts under the queue's own name (shard 0's keys), so the other shards
	 * normally add zeros; they are read so that counts kept under a shard's name are not
	 * missed.
	 */
	RedisHistory.History history(RedisHistory history, String queue, Instant now, int minutes, int days) {
		List<String> shards = of(queue);
		RedisHistory.History sum = history.read(shards.get(0), now, minutes, days);
		for (String shard : shards.subList(1, shards.size())) {
			RedisHistory.History read = history.read(shard, now, minutes, days);
			sum = new RedisHistory.History(add(sum.perMinute(), read.perMinute()), add(sum.perDay(), read.perDay()));
		}
		return sum;
	}

	private static List<RedisHistory.Bucket> add(List<RedisHistory.Bucket> a, List<RedisHistory.Bucket> b) {
		List<RedisHistory.Bucket> sum = new ArrayList<>(a.size());
		for (int i = 0; i < a.size(); i++) {
			sum.add(new RedisHistory.Bucket(a.get(i).start(), a.get(i).processed() + b.get(i).processed(),
					a.get(i).failed() + b.get(i).failed()));
		}
		return sum;
	}

}
