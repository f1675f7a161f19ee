package io.github.asynctask.submit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.Ordered;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Holds the submits of each transaction and sends them in one pipelined call after it
 * commits; drops them on rollback, and those made since a savepoint when the transaction
 * rolls back to it (PROPAGATION_NESTED). One synchronization per transaction, found among
 * the current transaction's synchronizations: a suspended outer transaction's are not
 * visible, so a REQUIRES_NEW inner transaction gets its own batch, as Spring's
 * transaction-bound events do.
 * <p>
 * With a {@link SubmitOutbox} whose database the transaction uses, the submits are also
 * written to the outbox in the transaction, in one batch just before it commits (so a
 * savepoint rolled back has already dropped its own); after the commit the batch goes to
 * Redis as usual and the outbox is told which rows Redis took. A submit made once the
 * commit has begun (from another synchronization's afterCommit) is not outboxed. Rows
 * Redis did not take are left to the outbox's relay rather than the re-send buffer: they
 * survive the JVM.
 */
final class AfterCommitSubmissions {

	private static final Logger logger = LoggerFactory.getLogger(AfterCommitSubmissions.class);

	/**
	 * How long after a failed Redis call a batch held by the outbox is left to its relay
	 * without trying Redis: during an outage committers do not wait a Redis timeout each.
	 */
	static final Duration OUTBOX_HOLD_AFTER_FAILURE = Duration.ofSeconds(5);

	private final RedisBroker broker;

	private final SubmitResults results;

	private final ResendBuffer resendBuffer;

	private final @Nullable SubmitOutbox outbox;

	private final SubmitFates fates;

	private final FullQueues fullQueues;

	AfterCommitSubmissions(RedisBroker broker, SubmitResults results, ResendBuffer resendBuffer,
			@Nullable SubmitOutbox outbox, SubmitFates fates, FullQueues fullQueues) {
		this.fullQueues = fullQueues;
		this.broker = broker;
		this.results = results;
		this.resendBuffer = resendBuffer;
		this.outbox = outbox;
		this.fates = fates;
	}

	/**
	 * Whether submits must wait for a commit: a real transaction with synchronization.
	 */
	static boolean isTransactionActive() {
		return TransactionSynchronizationManager.isSynchronizationActive()
				&& TransactionSynchronizationManager.isActualTransactionActive();
	}

	void add(EnqueueRequest request) {
		Batch batch = batch();
		SubmitOutbox outbox = this.outbox;
		boolean outboxed = false;
		if (outbox != null && !batch.committing && outbox.joinsCurrentTransaction()) {
			if (!batch.checked) {
				outbox.checkWritable(request);
				batch.checked = true;
			}
			outboxed = true;
		}
		batch.requests.add(new Held(request, outboxed));
	}

	private Batch batch() {
		for (TransactionSynchronization synchronization : TransactionSynchronizationManager.getSynchronizations()) {
			if (synchronization instanceof Batch batch && batch.owner() == this) {
				return batch;
			}
		}
		Batch batch = new Batch();
		TransactionSynchronizationManager.registerSynchronization(batch);
		return batch;
	}

	private void send(List<Held> held) {
		List<EnqueueRequest> requests = new ArrayList<>(held.size());
		List<EnqueueRequest> outboxed = new ArrayList<>();
		List<EnqueueRequest> notOutboxed = new ArrayList<>();
		for (Held one : held) {
			requests.add(one.request());
			(one.outboxed() ? outboxed : notOutboxed).add(one.request());
		}
		if (this.resendBuffer.size() > 0) {
			// Redis did not take earlier batches: queue behind them rather than hold the
			// committing thread, and its database connection, for up to a Redis timeout.
			logger.debug("Re-send buffer holds tasks; {} committed task(s) join it, {} stay in the outbox",
					notOutboxed.size(), outboxed.size());
			keep(notOutboxed);
			return;
		}
		if (notOutboxed.isEmpty() && recentlyUnavailable()) {
			logger.debug("Redis failed recently; {} committed task(s) stay in the outbox for its relay",
					outboxed.size());
			return;
		}
		List<EnqueueResult> results;
		try {
			results = this.broker.enqueueAll(requests);
		}
		catch (RuntimeException ex) {
			// The database has committed: never lose the tasks, never fail the committer.
			logger.warn(
					"Redis did not take {} task(s) submitted in a committed transaction ({}); "
							+ "keeping {} for re-sending, {} in the outbox for its relay",
					requests.size(), ex.toString(), notOutboxed.size(), outboxed.size());
			keep(notOutboxed);
			return;
		}
		Set<EnqueueRequest> refused = refusedByFullQueues(requests, results, held);
		for (int i = 0; i < requests.size(); i++) {
			if (!refused.contains(requests.get(i))) {
				this.results.record(requests.get(i), results.get(i));
				this.fates.recorded(requests.get(i), results.get(i));
			}
		}
		SubmitOutbox outbox = this.outbox;
		outboxed.removeAll(refused);
		if (!outboxed.isEmpty() && outbox != null) {
			outbox.sent(outboxed);
		}
	}

	/**
	 * The requests a full queue refused (max-backlog), each logged at ERROR: an outboxed
	 * one stays in the outbox for its relay, which sends it again once the queue has
	 * room; another is dropped (its result future fails), as the committed caller cannot
	 * be told.
	 */
	private Set<EnqueueRequest> refusedByFullQueues(List<EnqueueRequest> requests, List<EnqueueResult> results,
			List<Held> held) {
		Set<EnqueueRequest> refused = Collections.newSetFromMap(new IdentityHashMap<>());
		for (int i = 0; i < requests.size(); i++) {
			if (results.get(i).outcome() != EnqueueResult.Outcome.QUEUE_FULL) {
				continue;
			}
			refused.add(requests.get(i));
			boolean outboxed = held.get(i).outboxed();
			this.fullQueues.logRefused(requests.get(i), results.get(i),
					outboxed ? "it stays in the outbox, whose relay sends it once the queue has room"
							: "it is DROPPED (turn the outbox on to keep such tasks)");
			if (!outboxed) {
				this.fates.dropped(List.of(requests.get(i)), "its queue was full (max-backlog) when the "
						+ "transaction that submitted it committed, so the task was not recorded");
			}
		}
		return refused;
	}

	private boolean recentlyUnavailable() {
		Duration since = this.broker.sinceUnavailable();
		return since != null && since.compareTo(OUTBOX_HOLD_AFTER_FAILURE) < 0;
	}

	private void keep(List<EnqueueRequest> requests) {
		if (!requests.isEmpty()) {
			this.resendBuffer.offer(requests);
		}
	}

	/** One submit of a transaction, and whether the outbox holds it too. */
	private record Held(EnqueueRequest request, boolean outboxed) {
	}

	/** The submits of one transaction; touched only by the transaction's thread. */
	private final class Batch implements TransactionSynchronization {

		private final List<Held> requests = new ArrayList<>();

		// Set once the commit began: later submits are not written to the outbox.
		private boolean committing;

		// Set once the outbox accepted a submit of this transaction (read-write).
		private boolean checked;

		// Savepoint -> number of requests held when it was created.
		private final Map<Object, Integer> savepoints = new IdentityHashMap<>();

		AfterCommitSubmissions owner() {
			return AfterCommitSubmissions.this;
		}

		@Override
		public int getOrder() {
			return Ordered.LOWEST_PRECEDENCE;
		}

		@Override
		public void savepoint(Object savepoint) {
			this.savepoints.put(savepoint, this.requests.size());
		}

		@Override
		public void savepointRollback(Object savepoint) {
			// A savepoint this batch never saw was created before its first submit.
			int kept = this.savepoints.getOrDefault(savepoint, 0);
			if (kept < this.requests.size()) {
				logger.debug("Dropped {} task(s) submitted after a savepoint the transaction rolled back to",
						this.requests.size() - kept);
				List<Held> dropped = this.requests.subList(kept, this.requests.size());
				drop(dropped, "the transaction that submitted it rolled back to a savepoint made before the "
						+ "call, so the task was never sent to Redis");
			}
			// Savepoints created after this one are gone with the rollback.
			this.savepoints.values().removeIf((held) -> held > kept);
		}

		@Override
		public void beforeCommit(boolean readOnly) {
			this.committing = true;
			SubmitOutbox outbox = AfterCommitSubmissions.this.outbox;
			List<EnqueueRequest> rows = this.requests.stream().filter(Held::outboxed).map(Held::request).toList();
			if (outbox != null && !rows.isEmpty()) {
				outbox.write(rows);
			}
		}

		@Override
		public void afterCommit() {
			sendHeld();
		}

		@Override
		public void afterCompletion(int status) {
			if (status == STATUS_COMMITTED) {
				// Submits made by other synchronizations' afterCommit, after ours ran.
				sendHeld();
			}
			else if (status == STATUS_UNKNOWN && !this.requests.isEmpty()) {
				// The caller got the commit failure; it may well retry, which submits
				// again.
				logger.error(
						"{} task(s) of a transaction whose commit outcome is unknown were NOT sent (the database "
								+ "may have committed; submit them again if it did, unless the outbox holds them): {}",
						this.requests.size(),
						ResendBuffer.describe(this.requests.stream().map(Held::request).toList()));
				drop(this.requests, "the commit outcome of the transaction that submitted it is unknown, so the "
						+ "task was not sent to Redis (submit it again if the transaction did commit)");
			}
			else if (!this.requests.isEmpty()) {
				logger.debug("Dropped {} task(s) of a transaction that did not commit", this.requests.size());
				drop(this.requests,
						"the transaction that submitted it rolled back, so the task was never sent to Redis");
			}
		}

		/** Forget these requests and fail their result futures. */
		private void drop(List<Held> dropped, String reason) {
			List<EnqueueRequest> requests = dropped.stream().map(Held::request).toList();
			dropped.clear();
			AfterCommitSubmissions.this.fates.dropped(requests, reason);
		}

		private void sendHeld() {
			if (!this.requests.isEmpty()) {
				List<Held> batch = List.copyOf(this.requests);
				this.requests.clear();
				send(batch);
			}
		}

	}

}
