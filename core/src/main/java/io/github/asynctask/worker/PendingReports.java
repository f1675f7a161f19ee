package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Status reports Redis did not take (a hiccup at ack time), re-sent by a periodic loop
 * while the delivery's lease lasts. Past the lease another worker may hold the task, and
 * the recoverer will deal with it, so the report is dropped. A failure of a delivery
 * whose lease was lost is dropped at once (the script would refuse it); a success is
 * still sent, since Redis remembers it for whichever delivery holds the task now.
 */
final class PendingReports {

	private static final Logger logger = LoggerFactory.getLogger(PendingReports.class);

	private final Queue<Entry> entries = new ConcurrentLinkedQueue<>();

	void add(Report report, RunningTasks owner) {
		this.entries.add(new Entry(report, owner, report.task().leaseValidUntil()));
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
						"Gave up reporting {} of task '{}' (id {}): its lease ran out while Redis was "
								+ "unavailable; the recoverer will retry it",
						entry.report().action(), task.delivery().name(), task.id());
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
	 * @param giveUpAt the lease deadline when the first send failed (System.nanoTime);
	 * fixed, so a report failing for a reason other than a hiccup stops eventually
	 */
	private record Entry(Report report, RunningTasks owner, long giveUpAt) {

	}

}
