package io.github.asynctask.batch;

import java.time.Clock;
import java.util.Optional;

import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.aop.CallCapture;
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

	public Batches(TaskSubmitter submitter, RedisBroker broker, BatchStore store, BatchMeters meters) {
		this.submitter = submitter;
		this.store = store;
		this.meters = meters;
		this.callbacks = new BatchCallbacks(broker, store, meters);
	}

	/** See {@link io.github.asynctask.AsyncTaskTemplate#batch}. */
	public BatchReceipt batch(BatchOptions options, Runnable body) {
		Callbacks calls = BatchScope.outside(() -> new Callbacks(prepare(options.getOnSuccess()),
				prepare(options.getOnComplete()), prepare(options.getOnDeath())));
		String batchId = this.ids.next();
		boolean deferred = isTransactionActive();
		if (!deferred) {
			this.store.open(batchId, options.getName());
			this.store.index().record(batchId);
		}
		BatchScope scope = new BatchScope(batchId, -1, (index) -> duplicate(batchId, index));
		scope.run(body);
		Runnable seal = () -> seal(batchId, scope.children(), options, calls);
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

	private void seal(String batchId, long children, BatchOptions options, Callbacks calls) {
		BatchStore.Owed owed = this.store.seal(batchId, children, options.getName(), calls.onSuccess(),
				calls.onComplete(), calls.onDeath(), options.getKeep());
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
