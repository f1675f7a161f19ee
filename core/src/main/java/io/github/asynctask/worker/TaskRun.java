package io.github.asynctask.worker;

import java.time.Duration;
import java.util.function.Consumer;

import io.github.asynctask.TaskCancelledException;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.Delivery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt on a pool thread: run the body, then report the outcome. A failure is not
 * reported when the lease was lost meanwhile; a success always is (Redis remembers it
 * even for a stale delivery, so the task does not run again). A body that hangs past its
 * timeout keeps the delivery until it returns (see {@link #hung}).
 */
final class TaskRun implements Runnable, Consumer<Duration> {

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
		if (this.task.isHandedBack()) {
			// shutdown handed the delivery back while it waited for this thread: another
			// delivery runs it
			return;
		}
		Delivery delivery = this.task.delivery();
		this.factory.listener().started(delivery.queue(), delivery.name());
		Outcome outcome;
		try {
			outcome = this.factory.invoker().invoke(this.task, this);
		}
		catch (Throwable ex) {
			// the invoker catches what bodies throw; this guards the slot against a bug
			// in it
			outcome = Outcome.failed(ex, true);
		}
		if (this.task.context().isCancelled() && !outcome.succeeded()) {
			// cancelled: never retried (the scripts send a retry of a cancelled task to
			// dead too, for a cancel the heartbeat had not seen yet)
			outcome = new Outcome(false, false, outcome.error(),
					TaskCancelledException.REASON_PREFIX + " while running: " + outcome.reason());
		}
		end(outcome);
	}

	/** What the watchdog calls when the body ignored its timeout interrupt. */
	@Override
	public void accept(Duration timeout) {
		hung(timeout);
	}

	/**
	 * The body ignored its timeout interrupt. Ending the attempt without it would let the
	 * task run again beside it, so the delivery keeps its lease (the heartbeat renews it)
	 * and its thread; its real outcome is reported when the body returns.
	 */
	private void hung(Duration timeout) {
		if (this.task.isClaimed()) {
			return;
		}
		this.task.markHung();
		Delivery delivery = this.task.delivery();
		logger.error("Task '{}' (id {}) ignored its timeout interrupt for {} after running past its timeout of {}; "
				+ "it keeps its lease and its thread ('{}' runs one thread short) until the body returns, "
				+ "then its outcome is reported. Make the body honour interrupts or give its calls their own "
				+ "timeouts", delivery.name(), delivery.id(), Watchdog.HUNG_GRACE, timeout, this.worker.name());
		this.factory.listener().hung(delivery.queue(), delivery.name(), timeout);
	}

	private void end(Outcome outcome) {
		if (!this.task.claim()) {
			if (outcome.succeeded() && this.task.isHandedBack()) {
				reportAfterHandBack(outcome);
			}
			return;
		}
		try {
			if (this.task.isStale() && !outcome.succeeded()) {
				// the script would refuse it: another delivery decides what happens next.
				// A success is still sent: the script remembers it on the task, so no
				// later delivery runs the body again.
				this.worker.runningOf(this.task).remove(this.task);
				logger.info("Not reporting the failure of task '{}' (id {}): its lease was lost while it ran",
						this.task.delivery().name(), this.task.id());
			}
			else {
				this.factory.completion()
					.report(this.task, outcome, Duration.ofNanos(System.nanoTime() - this.startedAt),
							this.worker.runningOf(this.task));
			}
		}
		catch (RuntimeException ex) {
			this.worker.runningOf(this.task).remove(this.task);
			logger.error("Reporting task '{}' (id {}) failed; the recoverer will retry it after its lease",
					this.task.delivery().name(), this.task.id(), ex);
		}
		finally {
			this.worker.ended(this.task);
		}
	}

	/**
	 * Shutdown handed the delivery back (its token is void) while the body ran on, and
	 * the body succeeded: Redis remembers the success, so the next delivery finishes the
	 * task without running it again. The permit went back with the hand-back.
	 */
	private void reportAfterHandBack(Outcome outcome) {
		try {
			this.factory.completion()
				.report(this.task, outcome, Duration.ofNanos(System.nanoTime() - this.startedAt),
						this.worker.runningOf(this.task));
		}
		catch (RuntimeException ex) {
			logger.error("Reporting the success of task '{}' (id {}) after shutdown handed it back failed; it will "
					+ "run again", this.task.delivery().name(), this.task.id(), ex);
		}
	}

	/**
	 * What every run of a container shares.
	 *
	 * @param invoker runs bodies
	 * @param completion reports outcomes
	 * @param listener told about starts (completion tells the rest)
	 * @param bodyThreads the kind of thread each queue's bodies run on
	 */
	record Factory(Invoker invoker, Completion completion, TaskListener listener, BodyThreads bodyThreads) {

		TaskRun create(RunningTask task, QueueWorker worker) {
			return new TaskRun(task, worker, this);
		}

	}

}
