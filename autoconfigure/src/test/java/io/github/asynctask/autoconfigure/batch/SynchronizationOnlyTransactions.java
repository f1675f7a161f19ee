package io.github.asynctask.autoconfigure.batch;

import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

/** Transaction synchronization without a resource: enough for after-commit submits. */
final class SynchronizationOnlyTransactions extends AbstractPlatformTransactionManager {

	@Override
	protected Object doGetTransaction() {
		return new Object();
	}

	@Override
	protected void doBegin(Object transaction, TransactionDefinition definition) {
	}

	@Override
	protected void doCommit(DefaultTransactionStatus status) {
	}

	@Override
	protected void doRollback(DefaultTransactionStatus status) {
	}

}
