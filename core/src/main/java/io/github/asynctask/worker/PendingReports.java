package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Status reports Redis did not take (a hiccup at ack time), re-sent by a periodic loop. A
 * failure is re-sent while the delivery's lease lasts: past the lease another worker may
 * hold the task, and the recoverer will deal with it, so the report is dropped; a failure
 * of a delivery whose lease was lost is dropped at once (the script would refuse it). A
 * success is re-sent for {@link #SUCCESS_GRACE} past the lease, even when the lease was
 * lost: Redis applies it while nobody recovered the task, and otherwise remembers it for
 * whichever delivery holds the task now, so an outage longer than the lease does not make
 * a finished body run again.
 */
final class PendingReports {

	private static final Logger logger = LoggerFactory.getLogger(PendingReports.class);

	/** How long past its lease a success is still re-sent. */
	static final Duration SUCCESS_GRACE = Duration.ofMinutes(10);

	private final Queue<Entry> entries = new ConcurrentLinkedQueue<>();

	void add(Report report, RunningTasks owner) {
		long giveUpAt = report.task().leaseValidUntil() + (report.isSuccess() ? SUCCESS_GRACE.toNanos() : 0);
		this.entries.add(new Entry(report, owner, giveUpAt));
	}

	int size() {
		return this.entries.size();
	}

	/**
	 * Re-send every pending report once.
	 * @return the wait before the next round
	 */
	Duration resend() {
		for (Iterator<Entry> it = this.entries.iterator(); it.hasNext();) {
			Entry entry = it.next();
			RunningTask task = entry.report().task();
			if (task.isStale() && !entry.report().isSuccess()) {
				it.remove();
				entry.owner().remove(task);
				continue;
			}
			if (System.nanoTime() - entry.giveUpAt() > 0) {
				it.remove();
				entry.owner().remove(task);
				logger.warn(
						"Gave up reporting {} of task '{}' (id {}): Redis stayed unavailable past its lease"
								+ " (and, for a success, {} more); the recoverer will retry it",
						entry.report().action(), task.delivery().name(), task.id(), SUCCESS_GRACE);
				continue;
			}
			try {
				Completion.applied(entry.report(), entry.report().call().get(), entry.owner());
				it.remove();
			}
			catch (RuntimeException ex) {
				logger.debug("Re-sending {} of task {} failed again", entry.report().action(), task.id(), ex);
			}
		}
		return Duration.ofMillis(this.entries.isEmpty() ? 500 : 200);
	}

	/**
	 * @param giveUpAt the lease deadline when the first send failed (System.nanoTime),
	 * plus {@link #SUCCESS_GRACE} for a success; fixed, so a report failing for a reason
	 * other than a hiccup stops eventually
	 */
	private record Entry(Report report, RunningTasks owner, long giveUpAt) {

	}

}
