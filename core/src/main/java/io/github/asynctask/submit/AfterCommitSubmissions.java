package io.github.asynctask.submit;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;
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
 */
final class AfterCommitSubmissions {

	private static final Logger logger = LoggerFactory.getLogger(AfterCommitSubmissions.class);

	private final RedisBroker broker;

	private final SubmitResults results;

	private final ResendBuffer resendBuffer;

	AfterCommitSubmissions(RedisBroker broker, SubmitResults results, ResendBuffer resendBuffer) {
		this.broker = broker;
		this.results = results;
		this.resendBuffer = resendBuffer;
	}

	/**
	 * Whether submits must wait for a commit: a real transaction with synchronization.
	 */
	static boolean isTransactionActive() {
		return TransactionSynchronizationManager.isSynchronizationActive()
				&& TransactionSynchronizationManager.isActualTransactionActive();
	}

	void add(EnqueueRequest request) {
		batch().requests.add(request);
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

	private void send(List<EnqueueRequest> requests) {
		if (this.resendBuffer.size() > 0) {
			// Redis did not take earlier batches: queue behind them rather than hold the
			// committing thread, and its database connection, for up to a Redis timeout.
			logger.debug("Re-send buffer holds tasks; {} committed task(s) join it", requests.size());
			this.resendBuffer.offer(requests);
			return;
		}
		List<EnqueueResult> results;
		try {
			results = this.broker.enqueueAll(requests);
		}
		catch (RuntimeException ex) {
			// The database has committed: never lose the tasks, never fail the committer.
			logger.warn("Redis did not take {} task(s) submitted in a committed transaction ({}); "
					+ "keeping them for re-sending", requests.size(), ex.toString());
			this.resendBuffer.offer(requests);
			return;
		}
		for (int i = 0; i < requests.size(); i++) {
			this.results.record(requests.get(i), results.get(i));
		}
	}

	/** The submits of one transaction; touched only by the transaction's thread. */
	private final class Batch implements TransactionSynchronization {

		private final List<EnqueueRequest> requests = new ArrayList<>();

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
				this.requests.subList(kept, this.requests.size()).clear();
			}
			// Savepoints created after this one are gone with the rollback.
			this.savepoints.values().removeIf((held) -> held > kept);
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
								+ "may have committed; submit them again if it did): {}",
						this.requests.size(), ResendBuffer.describe(this.requests));
				this.requests.clear();
			}
			else if (!this.requests.isEmpty()) {
				logger.debug("Dropped {} task(s) of a transaction that did not commit", this.requests.size());
				this.requests.clear();
			}
		}

		private void sendHeld() {
			if (!this.requests.isEmpty()) {
				List<EnqueueRequest> batch = List.copyOf(this.requests);
				this.requests.clear();
				send(batch);
			}
		}

	}

}
