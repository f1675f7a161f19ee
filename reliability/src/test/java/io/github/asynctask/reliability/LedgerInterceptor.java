package io.github.asynctask.reliability;

import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;

/**
 * Writes {@code START} before and {@code END} after every body run of this worker JVM, so
 * the checker can tell which bodies ran, how often, on which delivery, and whether two
 * runs of one id overlapped in time.
 */
final class LedgerInterceptor implements TaskInterceptor {

	private final Ledger ledger;

	private final LedgerBroker broker;

	LedgerInterceptor(Ledger ledger, LedgerBroker broker) {
		this.ledger = ledger;
		this.broker = broker;
	}

	@Override
	public void around(TaskExecution execution, Chain chain) throws Throwable {
		long token = this.broker.token(execution.taskId());
		this.ledger.record("START", execution.taskId(), execution.attempt(), token);
		try {
			chain.proceed();
			this.ledger.record("END", execution.taskId(), token, "OK");
		}
		catch (Throwable ex) {
			this.ledger.record("END", execution.taskId(), token, "FAIL");
			throw ex;
		}
	}

}
