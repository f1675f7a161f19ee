package io.github.asynctask.autoconfigure.console;

import java.util.List;
import java.util.Map;

import io.github.asynctask.ScheduleInfo;
import tools.jackson.databind.JsonNode;
import org.jspecify.annotations.Nullable;

/**
 * The JSON documents of the endpoint and the console. Times are ISO-8601 strings and
 * durations milliseconds, so the output does not depend on the JSON mapper's settings.
 */
public final class Views {

	private Views() {
	}

	/**
	 * Every registered queue and every live instance.
	 *
	 * @param queues the queues, by name
	 * @param instances the live instances
	 * @param readAt when this was read (this instance's clock)
	 * @param schedules the periodic tasks of the answering application, with their last
	 * and next tick
	 * @param outbox the answering application's outbox backlog, {@code null} when its
	 * outbox is off
	 */
	public record Overview(List<QueueView> queues, List<InstanceView> instances, String readAt,
			List<ScheduleView> schedules, @Nullable OutboxView outbox,
			List<io.github.asynctask.version.UnreadableTasks> unreadable) {

	}

	/**
	 * The outbox backlog of the answering application (crash-safe submits).
	 *
	 * @param table the outbox table
	 * @param rows tasks waiting in it for Redis, -1 when it could not be read
	 * @param oldestSeconds age of the oldest, 0 when empty
	 */
	public record OutboxView(String table, long rows, long oldestSeconds) {

	}

	/** Reads the outbox backlog; a bean when the outbox is on. */
	@FunctionalInterface
	public interface OutboxBacklogSource {

		/** The backlog now (possibly cached for a few seconds). */
		OutboxView read();

	}

	/**
	 * One periodic task.
	 *
	 * @param name the task (and schedule) name
	 * @param queue the queue its ticks submit to
	 * @param expression {@code cron ...} or {@code every ...}
	 * @param zone the zone of a cron
	 * @param misfire ONCE, SKIP or ALL
	 * @param overlap whether a tick runs while the previous one's task is unfinished
	 * @param lastTick the last tick handled, {@code null} before the first
	 * @param nextTick the next tick, {@code null} for none
	 * @param lastRunTaskId the task of the last fired tick, {@code null} for none
	 * @param lastRunState its state ({@code null}: none, or finished and dropped)
	 * @param paused whether an operator paused it
	 * @param runtime whether it was made at run time (its name is the schedule id)
	 * @param task the task its ticks submit
	 * @param problem why it is not fired, {@code null} when it fires
	 */
	public record ScheduleView(String name, String queue, String expression, String zone, String misfire,
			boolean overlap, @Nullable String lastTick, @Nullable String nextTick, @Nullable String lastRunTaskId,
			@Nullable String lastRunState, boolean paused, boolean runtime, String task, @Nullable String problem) {

		static ScheduleView of(ScheduleInfo info) {
			return new ScheduleView(info.name(), info.queue(), info.expression(), info.zone(), info.misfire(),
					info.overlap(), (info.lastTick() != null) ? info.lastTick().toString() : null,
					(info.nextTick() != null) ? info.nextTick().toString() : null, info.lastRunTaskId(),
					(info.lastRunState() != null) ? info.lastRunState().name().toLowerCase(java.util.Locale.ROOT)
							: null,
					info.paused(), info.runtime(), info.task(), info.problem());
		}

	}

	/**
	 * One queue.
	 *
	 * @param name the queue name
	 * @param paused whether the queue is paused
	 * @param latencyMillis age of the oldest pending task
	 * @param sizes tasks by state: pending, scheduled, active, retry, dead, completed
	 * @param processed tasks finished (completed or dead) on the instance answering since
	 * it started; the console turns successive values into a throughput line
	 * @param servedBy the live instances with workers for the queue
	 * @param shards the sizes of each shard of a sharded queue, by index; empty for a
	 * queue of one shard
	 */
	public record QueueView(String name, boolean paused, long latencyMillis, Map<String, Long> sizes, long processed,
			List<Server> servedBy, List<ShardView> shards) {

	}

	/**
	 * One shard of a sharded queue.
	 *
	 * @param name the shard's Redis-side name ({@code q}, {@code q#1}, ...)
	 * @param sizes tasks by state in this shard
	 */
	public record ShardView(String name, Map<String, Long> sizes) {

	}

	/**
	 * An instance's workers for one queue.
	 *
	 * @param instance the instance id
	 * @param busy threads running a task now
	 * @param concurrency threads of the queue's pool
	 * @param pool the name of the pool the queue shares threads in, if any
	 * @param weight the queue's weight in that pool (0 when none)
	 * @param strict whether that pool fetches in strict priority
	 * @param rateLimit the queue's rate limit as the instance runs it, if any
	 */
	public record Server(String instance, int busy, int concurrency, @Nullable String pool, int weight, boolean strict,
			@Nullable String rateLimit) {

		/** Threads of the queue's own. */
		public Server(String instance, int busy, int concurrency) {
			this(instance, busy, concurrency, null, 0, false, null);
		}

	}

	/**
	 * One live instance, as told by its last heartbeat.
	 *
	 * @param id the instance id
	 * @param host the host name
	 * @param pid the process id
	 * @param startedAt when the instance started
	 * @param lastHeartbeat when it last told it is alive, if it says
	 * @param busy threads running a task now
	 * @param threads worker threads over all queues
	 * @param queues the queues it serves
	 */
	public record InstanceView(String id, @Nullable String host, long pid, @Nullable String startedAt,
			@Nullable String lastHeartbeat, int busy, int threads, List<String> queues) {

	}

	/**
	 * A page of tasks of one queue in one state, oldest first.
	 *
	 * @param queue the queue
	 * @param state the state, lower case
	 * @param offset the index of the first task
	 * @param total the tasks in that state
	 * @param tasks the page
	 */
	public record TaskPage(String queue, String state, int offset, long total, List<TaskView> tasks) {

	}

	/**
	 * One task.
	 *
	 * @param id the task id
	 * @param name the task name
	 * @param queue the queue
	 * @param state the state, lower case
	 * @param attempts how many times it was handed to a worker
	 * @param maxRetries retries allowed after the first attempt
	 * @param lastError the last failure, if any
	 * @param createdAt when it was submitted
	 * @param updatedAt when it last changed state
	 * @param arguments the call's arguments; {@code null} when hidden or unreadable
	 * @param argumentsHidden whether {@code async-task.console.show-arguments=false} hid
	 * them
	 * @param waitsFor what a waiting task still waits for (flows), empty otherwise
	 * @param result the kept result JSON of a task returning a CompletableFuture, cut to
	 * 1,000 characters; {@code null} when none
	 */
	public record TaskView(String id, String name, String queue, String state, int attempts, int maxRetries,
			@Nullable String lastError, String createdAt, String updatedAt, @Nullable JsonNode arguments,
			boolean argumentsHidden, List<String> waitsFor, @Nullable String result) {

	}

	/**
	 * What a write operation did.
	 *
	 * @param message a sentence for the operator
	 */
	public record Done(String message) {

	}

}
