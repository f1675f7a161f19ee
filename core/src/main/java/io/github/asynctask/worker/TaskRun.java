package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.Delivery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt on a pool thread: run the body, then report the outcome. A failure is not
 * reported when the lease was lost meanwhile; a success always is (Redis remembers it
 * even for a stale delivery, so the task does not run again).
 */
final class TaskRun implements Runnable {

	private static final Logger logger = LoggerFactory.getLogger(TaskRun.class);

	private final RunningTask task;

	private final QueueWorker worker;

	private final Factory factory;

	private final long startedAt = System.nanoTime();

	private TaskRun(RunningTask task, QueueWorker worker, Factory factory) {
		this.task = task;
		this.worker = worker;
		this.factory = factory;
	}

	@Override
	public void run() {
		Delivery delivery = this.task.delivery();
		this.factory.listener().started(delivery.queue(), delivery.name());
		Outcome outcome;
		try {
			outcome = this.factory.invoker().invoke(this.task, this::hung);
		}
		catch (Throwable ex) {
			// the invoker catches what bodies throw; this guards the slot against a bug
			// in it
			outcome = Outcome.failed(ex, true);
		}
		end(outcome);
	}

	/** The body ignored its timeout interrupt: end the attempt without it. */
	private void hung(Duration timeout) {
		Delivery delivery = this.task.delivery();
		if (!this.task.isClaimed()) {
			logger.error(
					"Task '{}' (id {}) did not stop within {} of being interrupted at its timeout; ending the "
							+ "attempt without it, another thread serves queue '{}'",
					delivery.name(), delivery.id(), Watchdog.HUNG_GRACE, this.worker.queue());
		}
		end(Outcome.failed(new TaskTimeoutException(delivery.name(), delivery.id(), timeout), true));
	}

	private void end(Outcome outcome) {
		if (!this.task.claim()) {
			return;
		}
		try {
			if (this.task.isStale() && !outcome.succeeded()) {
				// the script would refuse it: another delivery decides what happens next.
				// A success is still sent: the script remembers it on the task, so no
				// later delivery runs the body again.
				this.worker.running().remove(this.task);
				logger.info("Not reporting the failure of task '{}' (id {}): its lease was lost while it ran",
						this.task.delivery().name(), this.task.id());
			}
			else {
				this.factory.completion()
					.report(this.task, outcome, Duration.ofNanos(System.nanoTime() - this.startedAt),
							this.worker.running());
			}
		}
		catch (RuntimeException ex) {
			this.worker.running().remove(this.task);
			logger.error("Reporting task '{}' (id {}) failed; the recoverer will retry it after its lease",
					this.task.delivery().name(), this.task.id(), ex);
		}
		finally {
			this.worker.ended(this.task);
		}
	}

	/**
	 * What every run of a container shares.
	 *
	 * @param invoker runs bodies
	 * @param completion reports outcomes
	 * @param listener told about starts (completion tells the rest)
	 */
	record Factory(Invoker invoker, Completion completion, TaskListener listener) {

		TaskRun create(RunningTask task, QueueWorker worker) {
			return new TaskRun(task, worker, this);
		}

	}

}
