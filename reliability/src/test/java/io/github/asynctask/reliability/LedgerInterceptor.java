package io.github.asynctask.reliability;

import java.time.Instant;

import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.schedule.TickFiring;

/**
 * Writes {@code START} before and {@code END} after every body run of this worker JVM, so
 * the checker can tell which bodies ran, how often, on which delivery, and whether two
 * runs of one id overlapped in time; a periodic task's run is preceded by {@code TICK}
 * with the tick it stands for.
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
		String tick = execution.header(TickFiring.TICK_HEADER);
		if (tick != null) {
			this.ledger.record("TICK", execution.taskId(), Instant.parse(tick).toEpochMilli());
		}
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
