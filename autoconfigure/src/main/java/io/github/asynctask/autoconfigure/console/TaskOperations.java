package io.github.asynctask.autoconfigure.console;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.autoconfigure.console.TaskOperationException.Reason;
import io.github.asynctask.autoconfigure.console.Views.Done;
import io.github.asynctask.autoconfigure.console.Views.Overview;
import io.github.asynctask.autoconfigure.console.Views.QueueView;
import io.github.asynctask.autoconfigure.console.Views.ShardView;
import io.github.asynctask.autoconfigure.console.Views.TaskPage;
import io.github.asynctask.autoconfigure.console.Views.TaskView;
import io.github.asynctask.limit.BacklogLimit;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.limit.BacklogWatch;
import io.github.asynctask.flow.FlowDescriptions;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.version.StoredTaskCheck;
import io.github.asynctask.version.UnreadableTasks;
import org.jspecify.annotations.Nullable;

/**
 * What operators read and do, over the broker: the overview, pages of tasks, one task,
 * and the write operations. Shared by the {@code asynctask} actuator endpoint and the web
 * console so both show the same documents and refuse the same requests.
 */
public class TaskOperations {

	/** The largest page a caller may ask for. */
	public static final int MAX_PAGE = 200;

	private final RedisBroker broker;

	private final ProcessedCounter processed;

	private final TaskViewing views;

	private final Clock clock;

	private final ScheduleAccess schedules;

	/** Set once at start-up by the versions' auto-configuration; read after. */
	private volatile @Nullable StoredTaskCheck storedTaskCheck;

	/** Set once at start-up when the outbox is on; read after. */
	private volatile Views.@Nullable OutboxBacklogSource outbox;

	// Set once at start-up by the auto-configuration.
	private volatile BacklogLimits backlogLimits = BacklogLimits.NONE;

	public TaskOperations(RedisBroker broker, ProcessedCounter processed, boolean showArguments) {
		this(broker, processed, showArguments, new ScheduleAccess(null));
	}

	/**
	 * @param schedules the application's periodic tasks
	 */
	public TaskOperations(RedisBroker broker, ProcessedCounter processed, boolean showArguments,
			ScheduleAccess schedules) {
		this(broker, processed, showArguments, Clock.systemUTC(), schedules);
	}

	TaskOperations(RedisBroker broker, ProcessedCounter processed, boolean showArguments, Clock clock) {
		this(broker, processed, showArguments, clock, new ScheduleAccess(null));
	}

	private TaskOperations(RedisBroker broker, ProcessedCounter processed, boolean showArguments, Clock clock,
			ScheduleAccess schedules) {
		this.broker = broker;
		this.processed = processed;
		this.views = new TaskViewing(showArguments);
		this.clock = clock;
		this.schedules = schedules;
	}

	/** Show what waiting tasks wait for and kept results. */
	public void flows(FlowDescriptions flows) {
		this.views.flows(flows);
	}

	/** Show the outbox backlog in the overview (crash-safe submits are on). */
	public void outbox(Views.OutboxBacklogSource outbox) {
		this.outbox = outbox;
	}

	/**
	 * Show each limited queue's backlog and max-backlog among its sizes ({@code backlog},
	 * {@code maxBacklog}).
	 */
	public void backlogLimits(BacklogLimits limits) {
		this.backlogLimits = limits;
	}

	/** Show the stored tasks the start-up sample check could not read. */
	public void storedTaskCheck(StoredTaskCheck check) {
		this.storedTaskCheck = check;
	}

	private List<UnreadableTasks> unreadable() {
		StoredTaskCheck check = this.storedTaskCheck;
		List<UnreadableTasks> last = (check != null) ? check.last() : null;
		return (last != null) ? last : List.of();
	}

	/** Every registered queue with its sizes, and every live instance. */
	public Overview overview() {
		Views.OutboxBacklogSource outbox = this.outbox;
		InstanceInfos instances = new InstanceInfos(this.broker.instances());
		List<QueueView> queues = new ArrayList<>();
		for (String queue : new TreeSet<>(this.broker.knownQueues())) {
			QueueStats stats = this.broker.stats(queue);
			queues.add(new QueueView(queue, stats.paused(), stats.latency().toMillis(), sizes(stats, queue),
					this.processed.processed(queue), instances.serving(queue), shards(queue)));
		}
		return new Overview(queues, instances.instances(), this.clock.instant().toString(),
				this.schedules.list().stream().map(Views.ScheduleView::of).toList(),
				(outbox != null) ? outbox.read() : null, unreadable());
	}

	private Map<String, Long> sizes(QueueStats stats, String queue) {
		Map<String, Long> sizes = sizes(stats);
		BacklogLimit limit = this.backlogLimits.of(queue);
		if (limit != null) {
			sizes.put("backlog", BacklogWatch.fill(stats, limit).backlog());
			sizes.put("maxBacklog", limit.maxBacklog());
		}
		return sizes;
	}

	private static Map<String, Long> sizes(QueueStats stats) {
		Map<String, Long> sizes = new LinkedHashMap<>();
		sizes.put("pending", stats.pending());
		sizes.put("scheduled", stats.scheduled());
		sizes.put("active", stats.active());
		sizes.put("retry", stats.retry());
		sizes.put("dead", stats.dead());
		sizes.put("completed", stats.completed());
		sizes.put("waiting", stats.waiting());
		return sizes;
	}

	/** Each shard's sizes when the queue has several (one more call per shard). */
	private List<ShardView> shards(String queue) {
		if (!(this.broker instanceof ShardedRedisBroker sharded) || sharded.layout().served(queue).size() == 1) {
			return List.of();
		}
		return sharded.shardStats(queue).stream().map((stats) -> new ShardView(stats.queue(), sizes(stats))).toList();
	}

	/**
	 * A page of a queue's tasks in a kept state, oldest first.
	 * @param state {@code dead}, {@code retry}, {@code scheduled} or {@code completed}
	 */
	public TaskPage tasks(String queue, String state, int offset, int count) {
		checkKnown(queue);
		TaskState taskState = TaskViewing.listable(state);
		if (offset < 0 || count < 1 || count > MAX_PAGE) {
			throw new TaskOperationException(Reason.BAD_REQUEST, "offset must be >= 0 and count between 1 and "
					+ MAX_PAGE + " but were " + offset + " and " + count);
		}
		QueueStats stats = this.broker.stats(queue);
		long total = switch (taskState) {
			case DEAD -> stats.dead();
			case RETRY -> stats.retry();
			case SCHEDULED -> stats.scheduled();
			case WAITING -> stats.waiting();
			default -> stats.completed();
		};
		List<TaskView> tasks = this.broker.list(queue, taskState, offset, count)
			.stream()
			.map(this.views::view)
			.toList();
		return new TaskPage(queue, TaskViewing.lower(taskState), offset, total, tasks);
	}

	/** One task of a queue, with its arguments unless they are hidden. */
	public TaskView task(String queue, String id) {
		return this.views.view(find(queue, id));
	}

	/** Move a dead task back to pending. */
	public Done retry(String queue, String id) {
		TaskInfo task = find(queue, id);
		if (task.state() != TaskState.DEAD) {
			throw new TaskOperationException(Reason.CONFLICT, "Task " + id + " of queue '" + queue + "' is "
					+ TaskViewing.lower(task.state()) + ", not dead; only dead tasks can be retried");
		}
		try {
			if (!this.broker.retryDead(queue, id)) {
				throw new TaskOperationException(Reason.CONFLICT,
						"Task " + id + " of queue '" + queue + "' left the dead set meanwhile; reload and try again");
			}
		}
		catch (IllegalStateException ex) {
			throw new TaskOperationException(Reason.CONFLICT, ex.getMessage());
		}
		return new Done("Task " + id + " of queue '" + queue + "' is pending again");
	}

	/** Delete a task that is not running. */
	public Done delete(String queue, String id) {
		TaskInfo task = find(queue, id);
		try {
			if (!this.broker.delete(queue, id)) {
				throw new TaskOperationException(Reason.NOT_FOUND,
						"Task " + id + " of queue '" + queue + "' was removed meanwhile");
			}
		}
		catch (IllegalStateException ex) {
			throw new TaskOperationException(Reason.CONFLICT, ex.getMessage());
		}
		return new Done("Task " + id + " (" + task.name() + ") of queue '" + queue + "' was deleted");
	}

	/**
	 * Pause ({@code true}) or resume a periodic task of this application on every
	 * instance.
	 */
	public Done pauseSchedule(String name, boolean paused) {
		if (!this.schedules.setPaused(name, paused)) {
			throw new TaskOperationException(Reason.NOT_FOUND,
					"No enabled schedule '" + name + "' in this application");
		}
		return new Done("Schedule '" + name + "' is "
				+ (paused ? "paused: its ticks pass without a run" : "resumed: it runs from its next tick"));
	}

	/**
	 * Pause ({@code true}) or resume the periodic task {@code name} of {@code queue}, as
	 * the endpoint addresses it.
	 */
	public Done pauseSchedule(String queue, String name, boolean paused) {
		if (this.schedules.list()
			.stream()
			.noneMatch((schedule) -> schedule.name().equals(name) && schedule.queue().equals(queue))) {
			throw new TaskOperationException(Reason.NOT_FOUND,
					"No enabled schedule '" + name + "' in queue '" + queue + "' of this application");
		}
		return pauseSchedule(name, paused);
	}

	/** Stop every instance fetching from the queue. */
	public Done pause(String queue) {
		checkKnown(queue);
		this.broker.pause(queue);
		return new Done("Queue '" + queue + "' is paused; running tasks finish, no new ones start");
	}

	/** Let instances fetch from the queue again. */
	public Done resume(String queue) {
		checkKnown(queue);
		this.broker.resume(queue);
		return new Done("Queue '" + queue + "' is running again");
	}

	private TaskInfo find(String queue, String id) {
		checkKnown(queue);
		return this.broker.find(queue, id)
			.orElseThrow(() -> new TaskOperationException(Reason.NOT_FOUND,
					"No task " + id + " in queue '" + queue + "'; it may have completed or been deleted"));
	}

	private void checkKnown(String queue) {
		Set<String> known = this.broker.knownQueues();
		if (!known.contains(queue)) {
			throw new TaskOperationException(Reason.NOT_FOUND, "No queue '" + queue
					+ "' is registered; a queue is registered when a worker serves it. Known queues: " + known);
		}
	}

}
