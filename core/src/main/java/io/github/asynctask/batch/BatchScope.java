package io.github.asynctask.batch;

import java.util.function.LongConsumer;

import io.github.asynctask.TaskReceipt;
import org.jspecify.annotations.Nullable;

/**
 * The batch whose body runs on this thread: each task call submitted meanwhile becomes a
 * child, its payload carrying {@value #HEADER} = {@code <batch id>:<child index>}. The
 * body's children get the even indices 0, 2, 4, ... in submit order; a child added later
 * gets the odd index {@code batch_add.lua} hands out. Touched only by the thread it is
 * bound to.
 */
public final class BatchScope {

	/** The header carrying a child's batch and index to its worker. */
	public static final String HEADER = "asynctask-batch";

	private static final ThreadLocal<@Nullable BatchScope> CURRENT = new ThreadLocal<>();

	/** The batch of the child whose body runs on this thread (worker side). */
	private static final ThreadLocal<@Nullable String> RUNNING_CHILD_OF = new ThreadLocal<>();

	/** The batch whose callback runs on this thread (worker side). */
	private static final ThreadLocal<@Nullable String> CALLBACK_OF = new ThreadLocal<>();

	/**
	 * The fixed index of the scope that prepares a batch's callbacks: their header is
	 * {@code <batch id>:}{@value #CALLBACK}, which names the batch but no child.
	 */
	static final long CALLBACKS = -2;

	static final String CALLBACK = "callback";

	private final String batchId;

	/** The index of an added child; -1 for a body, whose children count up. */
	private final long fixedIndex;

	/** Told the index of a child whose submit was a duplicate: no task, so no report. */
	private final LongConsumer duplicate;

	private long children;

	/** The index issued by the submit in progress, -1 when none. */
	private long issued = -1;

	BatchScope(String batchId, long fixedIndex, LongConsumer duplicate) {
		this.batchId = batchId;
		this.fixedIndex = fixedIndex;
		this.duplicate = duplicate;
	}

	/**
	 * The header value of the next child of the batch bound to this thread, {@code null}
	 * outside a batch (the submitter's one question).
	 */
	public static @Nullable String nextChild() {
		BatchScope scope = CURRENT.get();
		if (scope == null) {
			return null;
		}
		if (scope.fixedIndex == CALLBACKS) {
			return scope.batchId + ":" + CALLBACK;
		}
		if (scope.fixedIndex >= 0 && scope.children > 0) {
			throw new IllegalArgumentException("The call passed to AsyncTaskTemplate.addToBatch must make one task "
					+ "call, but it made more; use template.batch for many");
		}
		scope.issued = (scope.fixedIndex >= 0) ? scope.fixedIndex : 2 * scope.children;
		scope.children++;
		return scope.batchId + ":" + scope.issued;
	}

	/**
	 * The header value of the next child of the batch bound to this thread, taken by a
	 * batch nested in its body (no submit follows); {@code null} outside a body.
	 */
	static @Nullable String claimChild() {
		String child = nextChild();
		BatchScope scope = CURRENT.get();
		if (scope != null) {
			scope.issued = -1;
		}
		return child;
	}

	/** The batch of the child whose body runs on this thread, {@code null} for none. */
	static @Nullable String runningChildOf() {
		return RUNNING_CHILD_OF.get();
	}

	/**
	 * What became of the submit that asked {@link #nextChild()}: a duplicate made no
	 * task, so it counts as completed at once (its bizId's task does the work).
	 */
	public static void recorded(TaskReceipt receipt) {
		BatchScope scope = CURRENT.get();
		if (scope == null || scope.issued < 0) {
			return;
		}
		long index = scope.issued;
		scope.issued = -1;
		if (receipt.status() == TaskReceipt.Status.DUPLICATE) {
			scope.duplicate.accept(index);
		}
	}

	/**
	 * The batch whose body, or one of whose children, runs on this thread; {@code null}
	 * for none.
	 */
	public static @Nullable String currentBatchId() {
		BatchScope scope = CURRENT.get();
		if (scope != null) {
			return scope.batchId;
		}
		String child = RUNNING_CHILD_OF.get();
		return (child != null) ? child : CALLBACK_OF.get();
	}

	/** The batch a callback's header names, {@code null} for any other header. */
	static @Nullable String callbackOf(@Nullable String header) {
		return (header != null && header.endsWith(":" + CALLBACK) && header.length() > CALLBACK.length() + 1)
				? header.substring(0, header.length() - CALLBACK.length() - 1) : null;
	}

	/** Run a callback's body, its batch known to {@link #currentBatchId()}. */
	static void runCallback(String batchId, ThrowingRunnable body) throws Throwable {
		runAs(CALLBACK_OF, batchId, body);
	}

	/** Run a child's body, its batch known to {@link #currentBatchId()}. */
	static void runChild(String batchId, ThrowingRunnable body) throws Throwable {
		runAs(RUNNING_CHILD_OF, batchId, body);
	}

	private static void runAs(ThreadLocal<@Nullable String> of, String batchId, ThrowingRunnable body)
			throws Throwable {
		of.set(batchId);
		try {
			body.run();
		}
		finally {
			of.remove();
		}
	}

	/** A body that may throw anything. */
	@FunctionalInterface
	interface ThrowingRunnable {

		void run() throws Throwable;

	}

	/**
	 * Run {@code body} with this scope bound; a scope bound before is bound again after.
	 */
	void run(Runnable body) {
		BatchScope previous = CURRENT.get();
		CURRENT.set(this);
		try {
			body.run();
		}
		finally {
			CURRENT.set(previous);
		}
	}

	/** Children submitted so far. */
	long children() {
		return this.children;
	}

	/**
	 * A child named by its header value, {@code null} when unreadable.
	 *
	 * @param batchId the batch
	 * @param index the child's index
	 */
	record Child(String batchId, long index) {

		static @Nullable Child parse(@Nullable String header) {
			if (header == null) {
				return null;
			}
			int colon = header.lastIndexOf(':');
			if (colon < 1) {
				return null;
			}
			try {
				long index = Long.parseLong(header.substring(colon + 1));
				return (index >= 0) ? new Child(header.substring(0, colon), index) : null;
			}
			catch (NumberFormatException ex) {
				return null;
			}
		}

	}

}
