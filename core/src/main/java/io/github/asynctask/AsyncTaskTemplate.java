package io.github.asynctask;

import java.time.ZoneId;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.Set;

import io.github.asynctask.aop.CallCapture;
import io.github.asynctask.batch.BatchScope;
import io.github.asynctask.batch.Batches;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.flow.ResultWaiters;
import io.github.asynctask.redis.CancelOutcome;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.schedule.RuntimeSchedules;
import io.github.asynctask.schedule.ScheduleRunner;
import io.github.asynctask.submit.ResultWaiting;
import io.github.asynctask.submit.TaskSubmitter;
import org.jspecify.annotations.Nullable;

/**
 * Submits task calls with per-call options and reads or operates on tasks and queues.
 */
public class AsyncTaskTemplate {

	private final TaskSubmitter submitter;

	private final TaskRegistry registry;

	private final RedisBroker broker;

	private final TemplateSchedules schedules;

	private final @Nullable Batches batches;

	/**
	 * Create a template.
	 * @param submitter the submitter
	 * @param registry the registry (its queues are searched by {@link #find})
	 * @param broker the broker
	 */
	public AsyncTaskTemplate(TaskSubmitter submitter, TaskRegistry registry, RedisBroker broker) {
		this(submitter, registry, broker, null);
	}

	/**
	 * Create a template that also lists the periodic tasks.
	 * @param schedules the application's schedules, {@code null} for none
	 */
	public AsyncTaskTemplate(TaskSubmitter submitter, TaskRegistry registry, RedisBroker broker,
			@Nullable ScheduleRunner schedules) {
		this(submitter, registry, broker, schedules, null, null);
	}

	/**
	 * Create a template that also lists the periodic tasks, makes schedules at run time
	 * and submits and reads batches.
	 * @param schedules the application's schedules, {@code null} for none
	 * @param runtimeSchedules the run-time schedules, {@code null} for none
	 * @param batches the batches, {@code null} for none
	 */
	public AsyncTaskTemplate(TaskSubmitter submitter, TaskRegistry registry, RedisBroker broker,
			@Nullable ScheduleRunner schedules, @Nullable RuntimeSchedules runtimeSchedules,
			@Nullable Batches batches) {
		this.batches = batches;
		this.submitter = submitter;
		this.registry = registry;
		this.broker = broker;
		this.schedules = new TemplateSchedules(schedules, runtimeSchedules);
	}

	/**
	 * Submit the one task call made by {@code call} with these options, e.g.
	 * {@code template.submit(TaskOptions.defaults().delay(d), () -> tasks.close(42))}.
	 * @throws IllegalArgumentException when {@code call} does not make exactly one call
	 * of a task method
	 */
	public TaskReceipt submit(TaskOptions options, Runnable call) {
		CallCapture.CapturedCall captured = CallCapture.capture(call);
		return this.submitter.submit(captured.definition(), captured.args(), options);
	}

	/** One task by id, searched in every known queue. */
	public Optional<TaskInfo> find(String taskId) {
		for (String queue : queues()) {
			Optional<TaskInfo> info = this.broker.find(queue, taskId);
			if (info.isPresent()) {
				return info;
			}
		}
		return Optional.empty();
	}

	/**
	 * The result of a task returning {@code CompletableFuture<T>}, submitted here or
	 * elsewhere: completes when it completes on any instance (at once when its result is
	 * kept), exceptionally with {@link TaskFailedException} when it is dead or unknown,
	 * or with {@link ResultUnavailableException} when it is deleted or its result expires
	 * while the future waits. Looks in every shard of every known queue.
	 * @throws IllegalStateException when results are off (no auto-configured submitter)
	 */
	public <T> CompletableFuture<T> result(String taskId, Class<T> type) {
		ResultWaiting waiters = this.submitter.resultWaiters();
		if (waiters == null) {
			throw new IllegalStateException("Results are off: this template's submitter has no result waiters");
		}
		return waiters.lookUp(taskId, queues(), waiters.type(type));
	}

	/** Sizes of a queue by state. */
	public QueueStats stats(String queue) {
		return this.broker.stats(queue);
	}

	/** Move a dead task back to pending; {@code false} when no dead task has this id. */
	public boolean retryDead(String taskId) {
		return find(taskId).map((info) -> this.broker.retryDead(info.queue(), taskId)).orElse(false);
	}

	/** Delete a task that is not running; {@code false} when there is none to delete. */
	public boolean delete(String taskId) {
		return find(taskId).map((info) -> this.broker.delete(info.queue(), taskId)).orElse(false);
	}

	/**
	 * Cancel a task: one that has not run yet, is scheduled, waits for its next attempt
	 * or for the tasks it runs after goes to dead with the reason {@code "cancelled ..."}
	 * and never runs (its result futures fail with {@link TaskCancelledException}); a
	 * running one is marked, its body sees
	 * {@link io.github.asynctask.context.TaskContext#isCancelled()}, its worker
	 * interrupts it at the next heartbeat, and it is never retried. Searches every shard
	 * of every known queue.
	 * @return {@code false} when no task of this id can be cancelled (unknown, completed,
	 * dead, or cancelled before)
	 */
	public boolean cancel(String taskId) {
		return cancel(taskId, "cancelled by AsyncTaskTemplate.cancel");
	}

	/**
	 * {@link #cancel(String)} with the reason kept as the task's last error (for the
	 * console, a batch's cancel).
	 * @param reason why, starting with {@value TaskCancelledException#REASON_PREFIX}
	 * @throws IllegalArgumentException when the reason does not start so or is longer
	 * than 120 characters
	 */
	public boolean cancel(String taskId, String reason) {
		if (!TaskCancelledException.isCancelReason(reason) || reason.length() > 120) {
			throw new IllegalArgumentException(
					"A cancel reason must start with '" + TaskCancelledException.REASON_PREFIX
							+ "' (result futures tell a cancellation by it) and be at most 120 characters, but was '"
							+ reason + "'");
		}
		for (String queue : queues()) {
			CancelOutcome outcome = this.broker.cancel(queue, taskId, reason, false);
			if (outcome != CancelOutcome.NONE) {
				if (outcome.cancelled() && this.batches != null) {
					this.batches.taskCancelled(queue, outcome == CancelOutcome.MARKED);
				}
				return outcome.cancelled();
			}
		}
		return false;
	}

	/** Stop every instance fetching from the queue. */
	public void pause(String queue) {
		this.broker.pause(queue);
	}

	/** Let instances fetch from the queue again. */
	public void resume(String queue) {
		this.broker.resume(queue);
	}

	/**
	 * Every periodic task enabled on this application, then every schedule made at run
	 * time ({@link ScheduleInfo#runtime()}): expression, zone, last and next tick, the
	 * last run's task and state.
	 */
	public List<ScheduleInfo> schedules() {
		return this.schedules.list();
	}

	/**
	 * Store a schedule made at run time, e.g.
	 * {@code template.schedule("report:42", "cron 0 0 9 * * *", zone, () -> reports.send(42))}:
	 * {@code call} must make exactly one call of an {@code @AsyncTask} method, whose
	 * arguments are kept; every instance fires it once per tick (misfire {@code ONCE}, as
	 * annotated schedules). An existing schedule of that id is replaced.
	 * @param cronOrEvery {@code cron <six fields>} or {@code every <duration>} (either
	 * without its word also reads)
	 * @param zone the zone of a cron
	 * @return {@code true} when created, {@code false} when it replaced one
	 * @throws IllegalArgumentException naming the id when the call, the expression or an
	 * argument is invalid; nothing is stored then
	 */
	public boolean schedule(String id, String cronOrEvery, ZoneId zone, Runnable call) {
		return this.schedules.schedule(id, cronOrEvery, zone, call);
	}

	/**
	 * Remove a schedule made at run time; tasks its ticks created stay.
	 * @return {@code false} when there is none of that id
	 */
	public boolean unschedule(String id) {
		return this.schedules.unschedule(id);
	}

	/**
	 * Pause a periodic task on every instance: its ticks pass over without a run until
	 * {@link #resumeSchedule}.
	 * @return {@code false} when there is no enabled schedule (or run-time schedule) of
	 * that name
	 */
	public boolean pauseSchedule(String name) {
		return this.schedules.setPaused(name, true);
	}

	/**
	 * Let a paused periodic task run again from its next tick.
	 * @return {@code false} when there is no enabled schedule (or run-time schedule) of
	 * that name
	 */
	public boolean resumeSchedule(String name) {
		return this.schedules.setPaused(name, false);
	}

	/**
	 * Submit many task calls as one batch: every task method called inside {@code body}
	 * (on this thread) becomes a child; the options' callbacks are enqueued exactly once
	 * when the children have ended. Inside a transaction the batch goes after the commit;
	 * a rollback leaves nothing.
	 * @throws IllegalStateException when batches are off (no auto-configured template)
	 */
	public BatchReceipt batch(BatchOptions options, Runnable body) {
		return batches().batch(options, body);
	}

	/**
	 * Add the one task call made by {@code call} to a batch that has not ended (from a
	 * child's body too); call it outside a transaction.
	 * @throws IllegalStateException when the batch ended, was cancelled or is unknown
	 */
	public TaskReceipt addToBatch(String batchId, Runnable call) {
		return batches().add(batchId, call);
	}

	/**
	 * The batch whose body, or one of whose children, runs on this thread: a child's body
	 * adds follow-up work with {@code addToBatch(currentBatchId().orElseThrow(), ...)}.
	 */
	public Optional<String> currentBatchId() {
		return Optional.ofNullable(BatchScope.currentBatchId());
	}

	/** A batch's progress: counts, state, created and ended times. */
	public Optional<BatchInfo> findBatch(String batchId) {
		return batches().find(batchId);
	}

	/**
	 * Cancel a batch that has not ended: it owes no callback, and its children that have
	 * not started are skipped when a worker takes them.
	 * @return {@code false} when it had ended or is unknown
	 */
	public boolean cancelBatch(String batchId) {
		return batches().cancel(batchId);
	}

	/**
	 * One page of the values the batch's completed children returned (at most 4096 bytes
	 * of JSON each are kept): start with cursor {@code "0"}, go on with
	 * {@link BatchValues#nextCursor()} while {@link BatchValues#hasMore()}.
	 * @param count how many values to look at, 1 to 1000
	 */
	public BatchValues batchValues(String batchId, String cursor, int count) {
		return batches().values(batchId, cursor, count);
	}

	private Batches batches() {
		if (this.batches == null) {
			throw new IllegalStateException("Batches are off: this template was built without them; use the "
					+ "auto-configured AsyncTaskTemplate");
		}
		return this.batches;
	}

	private Set<String> queues() {
		Set<String> queues = new LinkedHashSet<>(this.registry.queues());
		queues.addAll(this.broker.knownQueues());
		return queues;
	}

}
