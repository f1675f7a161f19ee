package io.github.asynctask.batch;

import java.time.Clock;
import java.util.Optional;

import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchValues;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.aop.CallCapture;
import io.github.asynctask.flow.ResultWriter;
import io.github.asynctask.redis.store.BatchStore;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.submit.TaskSubmitter;
import io.github.asynctask.submit.UlidGenerator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The template's side of batches. Outside a transaction a batch is opened, its body
 * submits the children (each through the submitter, with the batch bound to the thread),
 * and it is sealed with their count and its callbacks. Inside one the children wait for
 * the commit like any submit, and so does the seal: a rollback leaves nothing. A child
 * quicker than the seal is counted all the same (the seal adds the total; the batch ends
 * when the counts meet it).
 */
public final class Batches {

	private static final Logger logger = LoggerFactory.getLogger(Batches.class);

	private final TaskSubmitter submitter;

	private final BatchStore store;

	private final BatchCallbacks callbacks;

	private final BatchMeters meters;

	private final UlidGenerator ids = new UlidGenerator(Clock.systemUTC());

	/** Writes the children's values for batchValues; null keeps none. */
	private final @Nullable ResultWriter values;

	public Batches(TaskSubmitter submitter, RedisBroker broker, BatchStore store, BatchMeters meters) {
		this(submitter, broker, store, meters, null);
	}

	/**
	 * @param values writes each completed child's value (its
	 * {@code CompletableFuture<T>}) for
	 * {@link io.github.asynctask.AsyncTaskTemplate#batchValues}; null keeps none
	 */
	public Batches(TaskSubmitter submitter, RedisBroker broker, BatchStore store, BatchMeters meters,
			@Nullable ResultWriter values) {
		this.values = values;
		this.submitter = submitter;
		this.store = store;
		this.meters = meters;
		this.callbacks = new BatchCallbacks(broker, store, meters);
	}

	/** See {@link io.github.asynctask.AsyncTaskTemplate#batch}. */
	public BatchReceipt batch(BatchOptions options, Runnable body) {
		String batchId = this.ids.next();
		boolean deferred = isTransactionActive();
		String parent = nestedIn(deferred);
		// the callbacks carry their batch's id (not a child's index): currentBatchId() in
		// them
		Callbacks[] prepared = new Callbacks[1];
		new BatchScope(batchId, BatchScope.CALLBACKS, (index) -> {
		}).run(() -> prepared[0] = new Callbacks(prepare(options.getOnSuccess()), prepare(options.getOnComplete()),
				prepare(options.getOnDeath())));
		Callbacks calls = prepared[0];
		if (!deferred) {
			this.store.open(batchId, options.getName());
			this.store.index().record(batchId);
		}
		BatchScope scope = new BatchScope(batchId, -1, (index) -> duplicate(batchId, index));
		scope.run(body);
		Runnable seal = () -> seal(batchId, scope.children(), options, calls, parent);
		if (deferred) {
			TransactionSynchronizationManager.registerSynchronization(new SealAfterCommit(() -> {
				seal.run();
				this.store.index().record(batchId);
			}));
		}
		else {
			seal.run();
		}
		return new BatchReceipt(batchId, (int) scope.children(), deferred);
	}

	/** See {@link io.github.asynctask.AsyncTaskTemplate#addToBatch}. */
	public TaskReceipt add(String batchId, Runnable call) {
		BatchStore.checkId(batchId);
		if (isTransactionActive()) {
			throw new IllegalStateException("addToBatch(" + batchId + ", ...) cannot run inside a transaction: the "
					+ "batch would count a child a rollback drops; call it outside the transaction (or after commit)");
		}
		CallCapture.CapturedCall captured = CallCapture.capture(call);
		long index = this.store.add(batchId);
		TaskReceipt[] receipt = new TaskReceipt[1];
		new BatchScope(batchId, index, (dup) -> duplicate(batchId, dup)).run(() -> receipt[0] = this.submitter
			.submit(captured.definition(), captured.args(), TaskOptions.defaults()));
		return receipt[0];
	}

	/** See {@link io.github.asynctask.AsyncTaskTemplate#findBatch}. */
	public Optional<BatchInfo> find(String batchId) {
		return this.store.find(batchId);
	}

	/** See {@link io.github.asynctask.AsyncTaskTemplate#batchValues}. */
	public BatchValues values(String batchId, String cursor, int count) {
		BatchStore.checkId(batchId);
		if (count < 1 || count > 1000 || !cursor.matches("\\d{1,20}")) {
			throw new IllegalArgumentException("batchValues(" + batchId + ", '" + cursor + "', " + count
					+ "): the cursor must be \"0\" or one a page returned, and the count 1 to 1000");
		}
		return this.store.values(batchId, cursor, count);
	}

	/** A task of {@code queue} was cancelled ({@link BatchMeters#taskCancelled}). */
	public void taskCancelled(String queue, boolean running) {
		this.meters.taskCancelled(queue, running);
	}

	/** See {@link io.github.asynctask.AsyncTaskTemplate#cancelBatch}. */
	public boolean cancel(String batchId) {
		boolean cancelled = this.store.cancel(batchId, BatchOptions.DEFAULT_KEEP) == 1;
		if (cancelled) {
			this.meters.cancelled();
		}
		return cancelled;
	}

	BatchCallbacks callbacks() {
		return this.callbacks;
	}

	BatchMeters meters() {
		return this.meters;
	}

	@Nullable ResultWriter valueWriter() {
		return this.values;
	}

	/**
	 * The parent of a batch called inside another's body (its next child) or inside a
	 * child's body (a child added to that child's batch), as
	 * {@code <parent id>:<child index>}; null for a batch of its own.
	 */
	private @Nullable String nestedIn(boolean inTransaction) {
		String inBody = BatchScope.claimChild();
		if (inBody != null) {
			return inBody;
		}
		String running = BatchScope.runningChildOf();
		if (running == null) {
			return null;
		}
		if (inTransaction) {
			throw new IllegalStateException("A batch nested in a child of batch " + running + " cannot start inside "
					+ "a transaction: the parent would count a child a rollback drops; start it outside the "
					+ "transaction (or after commit)");
		}
		return running + ":" + this.store.add(running);
	}

	private void seal(String batchId, long children, BatchOptions options, Callbacks calls, @Nullable String parent) {
		BatchStore.Owed owed = this.store.seal(batchId, children, options.getName(), calls.onSuccess(),
				calls.onComplete(), calls.onDeath(), options.getKeep(), parent);
		this.meters.created();
		this.callbacks.fire(batchId, owed);
	}

	/** A child's submit found its bizId taken: no task will report, so it counts now. */
	private void duplicate(String batchId, long index) {
		this.callbacks.fire(batchId, this.store.report(batchId, index, false));
	}

	private @Nullable EnqueueRequest prepare(@Nullable Runnable call) {
		if (call == null) {
			return null;
		}
		CallCapture.CapturedCall captured = CallCapture.capture(call);
		return this.submitter.prepare(captured.definition(), captured.args(), TaskOptions.defaults());
	}

	private static boolean isTransactionActive() {
		return TransactionSynchronizationManager.isSynchronizationActive()
				&& TransactionSynchronizationManager.isActualTransactionActive();
	}

	/** The callbacks' calls, written before the body runs. */
	private record Callbacks(@Nullable EnqueueRequest onSuccess, @Nullable EnqueueRequest onComplete,
			@Nullable EnqueueRequest onDeath) {
	}

	/**
	 * Seals a batch submitted in a transaction once it committed. Ordered last, after the
	 * children's own synchronization, though the seal is right in either order.
	 */
	private record SealAfterCommit(Runnable seal) implements TransactionSynchronization {

		@Override
		public int getOrder() {
			return LOWEST_PRECEDENCE;
		}

		@Override
		public void afterCommit() {
			try {
				this.seal.run();
			}
			catch (RuntimeException ex) {
				// the database committed: the committer must not fail
				logger.error("Could not seal a batch after its transaction committed: {}; its children run, but it "
						+ "stays open until it expires and owes no callback", ex.toString());
			}
		}

	}

}
