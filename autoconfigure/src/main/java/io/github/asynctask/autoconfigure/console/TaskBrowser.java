package io.github.asynctask.autoconfigure.console;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

import io.github.asynctask.autoconfigure.console.BrowseViews.HistoryView;
import io.github.asynctask.autoconfigure.console.BrowseViews.ListPage;
import io.github.asynctask.autoconfigure.console.BrowseViews.Match;
import io.github.asynctask.autoconfigure.console.BrowseViews.Point;
import io.github.asynctask.autoconfigure.console.BrowseViews.SearchResult;
import io.github.asynctask.autoconfigure.console.BrowseViews.TaskDetail;
import io.github.asynctask.autoconfigure.console.BrowseViews.TaskRow;
import io.github.asynctask.autoconfigure.console.TaskOperationException.Reason;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.store.RedisHistory;
import io.github.asynctask.redis.store.TaskPages;
import io.github.asynctask.redis.store.TaskPages.RawDetail;
import io.github.asynctask.redis.store.TaskPages.RawTask;
import org.jspecify.annotations.Nullable;

/**
 * What operators read beyond the overview: any state of a queue page by page, a search by
 * task id or bizId, one task's whole story, and a queue's history. Every request costs
 * Redis O(page) or one read per queue and task name, never a scan.
 */
public class TaskBrowser {

	/** The largest page a caller may ask for; larger requests are clamped. */
	public static final int MAX_PAGE = 200;

	/** The highest offset; larger ones are clamped. */
	public static final long MAX_OFFSET = 1_000_000_000L;

	static final int PREVIEW_BYTES = 300;

	static final int MAX_QUERY = 16 * 1024;

	private static final List<String> STATES = List.of("pending", "scheduled", "retry", "active", "dead", "completed",
			"waiting");

	private final RedisBroker broker;

	private final TaskPages pages;

	private final RedisHistory history;

	private final Supplier<Collection<String>> taskNames;

	private final boolean showArguments;

	private final InstanceHistory instances;

	private final Clock clock;

	private final QueueShards shards;

	/**
	 * @param taskNames the task names a bizId is looked up under (this application's task
	 * names)
	 */
	public TaskBrowser(RedisBroker broker, TaskPages pages, RedisHistory history,
			Supplier<Collection<String>> taskNames, boolean showArguments) {
		this.broker = broker;
		this.pages = pages;
		this.history = history;
		this.taskNames = taskNames;
		this.showArguments = showArguments;
		this.clock = Clock.systemUTC();
		this.instances = new InstanceHistory(broker, this.clock);
		this.shards = new QueueShards(broker);
	}

	/** The states a queue can be browsed by. */
	public static List<String> states() {
		return STATES;
	}

	/**
	 * One page of a state, newest or oldest first; offset and count out of range are
	 * clamped. A sharded queue's shards are listed one after another (see
	 * {@link QueueShards}).
	 */
	public ListPage page(String queue, String state, String order, long offset, int count) {
		checkKnown(queue);
		String lower = state.toLowerCase(Locale.ROOT);
		if (!STATES.contains(lower)) {
			throw new TaskOperationException(Reason.BAD_REQUEST,
					"state must be one of " + STATES + " but was '" + cut(state) + "'");
		}
		boolean newest = !"oldest".equalsIgnoreCase(order);
		long from = Math.max(0, Math.min(MAX_OFFSET, offset));
		int size = Math.max(1, Math.min(MAX_PAGE, count));
		TaskPages.Page page = this.shards.page(this.pages, queue, lower, newest, from, size, PREVIEW_BYTES);
		List<TaskRow> rows = page.tasks().stream().map((task) -> row(lower, task)).toList();
		return new ListPage(queue, lower, newest ? "newest" : "oldest", from, size, page.total(), rows);
	}

	/**
	 * Tasks whose id is {@code query} (in any queue, or in {@code queue}), and the tasks
	 * holding {@code query} as a bizId under this application's task names (or
	 * {@code taskName}).
	 */
	public SearchResult search(String query, @Nullable String queue, @Nullable String taskName) {
		if (query.isEmpty() || query.length() > MAX_QUERY) {
			throw new TaskOperationException(Reason.BAD_REQUEST,
					"search text must be 1 to " + MAX_QUERY + " characters, was " + query.length());
		}
		Set<String> queues = new TreeSet<>(this.broker.knownQueues());
		if (queue != null && !queue.isEmpty()) {
			checkKnown(queue);
			queues = Set.of(queue);
		}
		Set<String> names = new LinkedHashSet<>();
		if (taskName != null && !taskName.isEmpty()) {
			names.add(taskName);
		}
		else {
			names.addAll(this.taskNames.get());
		}
		List<Match> matches = new ArrayList<>();
		for (String each : queues) {
			for (String shard : shards(each)) {
				search(each, shard, query, names, matches);
			}
		}
		return new SearchResult(cut(query), matches,
				"id: exact, in " + queues.size() + " queue(s); bizId: exact, under " + names.size()
						+ " task name(s), remembered for each task's dedup-ttl from its submit (default 24h)");
	}

	/**
	 * The Redis-side queues (shards) holding the queue's tasks: one unless it is sharded.
	 */
	private List<String> shards(String queue) {
		return this.shards.of(queue);
	}

	/** The reads and actions over a queue's shards. */
	/** The broker, for the actions that go through it (kill). */
	RedisBroker broker() {
		return this.broker;
	}

	QueueShards shards() {
		return this.shards;
	}

	private void search(String queue, String name, String query, Set<String> names, List<Match> matches) {
		this.pages.inspect(name, query).ifPresent((raw) -> {
			StoredData data = StoredData.of(raw.meta());
			matches.add(new Match(queue, query, data.name(), data.state(), "id", null));
		});
		for (TaskPages.BizIdHolder holder : this.pages.lookup(name, List.copyOf(names), query)) {
			String state = this.pages.inspect(name, holder.taskId())
				.map((raw) -> StoredData.of(raw.meta()).state())
				.orElse("gone");
			matches.add(new Match(queue, holder.taskId(), holder.taskName(), state, "bizId",
					(holder.keptFor() != null) ? holder.keptFor().toMillis() : null));
		}
	}

	/** One task with its attempts, times, arguments and the instances running it. */
	public TaskDetail detail(String queue, String id) {
		checkKnown(queue);
		RawDetail raw = shards(queue).stream()
			.map((shard) -> this.pages.inspect(shard, id))
			.flatMap(Optional::stream)
			.findFirst()
			.orElseThrow(() -> new TaskOperationException(Reason.NOT_FOUND,
					"No task " + cut(id) + " in queue '" + queue + "'; it may have completed or been deleted"));
		StoredData data = StoredData.of(raw.meta());
		long rawSize = raw.meta().length() + raw.payload().length();
		String payload = (raw.meta().indexOf('\n') >= 0) ? raw.meta().substring(raw.meta().indexOf('\n') + 1)
				: raw.payload();
		return new TaskDetail(id, queue, data.name(), data.state(), data.attempts(), data.maxRetries(),
				data.lastError(), data.createdAt(), data.updatedAt(), StoredData.time(raw.scheduledAt()),
				StoredData.time(raw.retryAt()), StoredData.time(raw.leaseUntil()), StoredData.time(raw.diedAt()),
				StoredData.time(raw.expiresAt()), this.instances.running(queue, id),
				this.showArguments ? StoredData.arguments(payload) : null, !this.showArguments,
				this.showArguments ? StoredData.headers(payload) : null, data.history(), data.unreadable(), rawSize,
				data.unreadable() ? raw.meta().substring(0, Math.min(512, raw.meta().length())) : null,
				data.unreadable() ? null : data.bizId(), data.unreadable() ? null : data.progress(),
				data.unreadable() ? null : data.cancelRequested());
	}

	/**
	 * Processed and failed per minute for the last hour and per day for 90 days, summed
	 * over a sharded queue's shards.
	 */
	public HistoryView history(String queue) {
		checkKnown(queue);
		RedisHistory.History read = this.shards.history(this.history, queue, this.clock.instant(), 60, 90);
		return new HistoryView(queue, points(read.perMinute()), points(read.perDay()));
	}

	/** Live instances, then those gone within the last hour. */
	public BrowseViews.InstancesView instances() {
		return this.instances.read();
	}

	private static List<Point> points(List<RedisHistory.Bucket> buckets) {
		return buckets.stream().map((b) -> new Point(b.start().toString(), b.processed(), b.failed())).toList();
	}

	private TaskRow row(String state, RawTask task) {
		long rawSize = task.metaLength() + task.payloadLength();
		if (task.meta().isEmpty()) {
			return new TaskRow(task.id(), "", state, 0, 0, "no data stored for this id", null, null,
					StoredData.time(task.score()), null, true, rawSize);
		}
		StoredData data = StoredData.of(task.meta());
		String preview = this.showArguments
				? task.payloadPreview() + ((task.payloadLength() > task.payloadPreview().length()) ? "…" : "") : null;
		if (data.unreadable()) {
			return new TaskRow(task.id(), "", "unreadable", 0, 0, null, null, null, StoredData.time(task.score()), null,
					true, rawSize);
		}
		return new TaskRow(task.id(), data.name(), data.state(), data.attempts(), data.maxRetries(), data.lastError(),
				data.createdAt(), data.updatedAt(), StoredData.time(task.score()), preview, false, rawSize);
	}

	void checkKnown(String queue) {
		Set<String> known = this.broker.knownQueues();
		if (!known.contains(queue)) {
			throw new TaskOperationException(Reason.NOT_FOUND, "No queue '" + cut(queue)
					+ "' is registered; a queue is registered when a worker serves it. Known queues: " + known);
		}
	}

	static String cut(String text) {
		return (text.length() <= 200) ? text : text.substring(0, 200) + "…";
	}

}
