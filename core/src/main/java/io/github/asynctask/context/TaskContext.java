package io.github.asynctask.context;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

import io.github.asynctask.TaskProgress;
import org.jspecify.annotations.Nullable;

/**
 * The task a body runs for, seen from the body's thread: {@code TaskContext.current()}. A
 * body asks {@link #isCancelled()} to stop early when
 * {@link io.github.asynctask.AsyncTaskTemplate#cancel} cancelled it (the worker also
 * interrupts it), and reports {@link #progress(int, String)}, which the worker writes to
 * Redis at most once per heartbeat interval, however often it is called.
 */
public final class TaskContext {

	/** The longest progress message, in characters. */
	public static final int MAX_MESSAGE_LENGTH = 200;

	private static final ThreadLocal<@Nullable TaskContext> CURRENT = new ThreadLocal<>();

	/** Ends a scope entered from no task. */
	private static final Scope LEAVE = () -> CURRENT.set(null);

	/** An updater on {@link #unsent}, not an AtomicReference per delivery. */
	private static final AtomicReferenceFieldUpdater<TaskContext, TaskProgress> UNSENT = AtomicReferenceFieldUpdater
		.newUpdater(TaskContext.class, TaskProgress.class, "unsent");

	private final String taskId;

	private final String taskName;

	/** Set by the heartbeat thread, read by the body. */
	private volatile boolean cancelled;

	/** Written by the body, taken by the heartbeat: the latest progress not yet sent. */
	private volatile @Nullable TaskProgress unsent;

	/** The latest progress reported, sent or not. */
	private volatile @Nullable TaskProgress last;

	/**
	 * The context of one delivery; made by the worker.
	 * @param taskId the task's id
	 * @param taskName the task's name
	 */
	public TaskContext(String taskId, String taskName) {
		this.taskId = taskId;
		this.taskName = taskName;
	}

	/**
	 * The context of the task whose body runs on this thread.
	 * @throws IllegalStateException when no task body runs on this thread
	 */
	public static TaskContext current() {
		TaskContext context = CURRENT.get();
		if (context == null) {
			throw new IllegalStateException("TaskContext.current() is only available on the thread running an "
					+ "@AsyncTask body (the worker's pool thread); use TaskContext.find() where the code may also "
					+ "run outside a task");
		}
		return context;
	}

	/** The context of the task whose body runs on this thread, empty when none does. */
	public static Optional<TaskContext> find() {
		return Optional.ofNullable(CURRENT.get());
	}

	public String taskId() {
		return this.taskId;
	}

	public String taskName() {
		return this.taskName;
	}

	/**
	 * Whether the task was cancelled while it runs; the worker sees it at its next
	 * heartbeat and interrupts the body too. A cancelled task is never retried.
	 */
	public boolean isCancelled() {
		return this.cancelled;
	}

	/**
	 * Report how far the body is; kept in memory and written with the worker's next
	 * heartbeat (only the latest report of an interval is written), shown by
	 * {@link io.github.asynctask.TaskInfo#progress()}, the endpoint and the console.
	 * @param percent 0 to 100
	 * @param message what it is doing, at most {@value #MAX_MESSAGE_LENGTH} characters
	 * ({@code null}: empty)
	 * @throws IllegalArgumentException when percent or message are out of range
	 */
	public void progress(int percent, @Nullable String message) {
		if (percent < 0 || percent > 100) {
			throw new IllegalArgumentException("Progress of task '" + this.taskName + "' (id " + this.taskId
					+ ") must be a percent from 0 to 100 but was " + percent);
		}
		String text = (message != null) ? message : "";
		if (text.length() > MAX_MESSAGE_LENGTH) {
			throw new IllegalArgumentException("Progress message of task '" + this.taskName + "' (id " + this.taskId
					+ ") must be at most " + MAX_MESSAGE_LENGTH + " characters but had " + text.length()
					+ "; shorten it (details belong in the task's logs)");
		}
		TaskProgress progress = new TaskProgress(percent, text, Instant.now());
		this.last = progress;
		this.unsent = progress;
	}

	/** The latest progress this body reported, sent to Redis or not. */
	public Optional<TaskProgress> lastProgress() {
		return Optional.ofNullable(this.last);
	}

	/**
	 * Make this the current context of the calling thread until the returned scope is
	 * closed; for the worker.
	 */
	public Scope enter() {
		TaskContext previous = CURRENT.get();
		CURRENT.set(this);
		// left by a null rather than removed, so a pool thread keeps its entry instead of
		// allocating one per task; a body entered from no task (the usual case) shares
		// one scope
		return (previous != null) ? () -> CURRENT.set(previous) : LEAVE;
	}

	/** The task was cancelled; for the worker's heartbeat. */
	public void markCancelled() {
		this.cancelled = true;
	}

	/**
	 * The latest progress not yet sent, cleared; {@code null} when none; for the worker's
	 * heartbeat.
	 */
	public @Nullable TaskProgress takeProgress() {
		return UNSENT.getAndSet(this, null);
	}

	/**
	 * Progress taken for a report that did not reach Redis: kept for the next one unless
	 * newer progress came meanwhile; for the worker's heartbeat.
	 */
	public void offerBack(TaskProgress progress) {
		UNSENT.compareAndSet(this, null, progress);
	}

	/** Ends {@link #enter()}. */
	@FunctionalInterface
	public interface Scope extends AutoCloseable {

		@Override
		void close();

	}

}
