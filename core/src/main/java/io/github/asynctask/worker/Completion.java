package io.github.asynctask.worker;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

import io.github.asynctask.BackoffPolicy;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.RedisBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the outcome of an attempt into the broker transition (complete, retry with
 * backoff, dead, or requeue at shutdown) and sends it; successes go to {@link AckSender},
 * which sends the acks that arrive together in one call. A report Redis did not take goes
 * to {@link PendingReports} to be re-sent while the lease lasts.
 */
final class Completion {

	private static final Logger logger = LoggerFactory.getLogger(Completion.class);

	private final RedisBroker broker;

	private final BackoffPolicy backoff;

	private final TaskListener listener;

	private final Duration completedRetention;

	private final AckSender acks;

	private final PendingReports pending;

	private final UnknownTasks unknownTasks;

	private final SuccessHook successHook;

	/** Named in each failed attempt's record. */
	private final String instanceId;

	Completion(RedisBroker broker, BackoffPolicy backoff, TaskListener listener, Duration completedRetention,
			PendingReports pending, AckSender acks, UnknownTasks unknownTasks) {
		this(broker, backoff, listener, completedRetention, pending, acks, unknownTasks, SuccessHook.NO_OP, "unknown");
	}

	Completion(RedisBroker broker, BackoffPolicy backoff, TaskListener listener, Duration completedRetention,
			PendingReports pending, AckSender acks, UnknownTasks unknownTasks, SuccessHook successHook,
			String instanceId) {
		this.successHook = successHook;
		this.unknownTasks = unknownTasks;
		this.instanceId = instanceId;
		this.broker = broker;
		this.backoff = backoff;
		this.listener = listener;
		this.completedRetention = completedRetention;
		this.acks = acks;
		this.pending = pending;
	}

	/** Report how an attempt ended. */
	void report(RunningTask task, Outcome outcome, Duration ran, RunningTasks owner) {
		Delivery delivery = task.delivery();
		if (outcome.error() instanceof UnknownTaskException unknown) {
			send(this.unknownTasks.report(task, unknown.newer()), owner);
			return;
		}
		if (outcome.succeeded()) {
			Object result = outcome.result();
			String rejected = this.successHook.handles(delivery, result) ? this.successHook.reject(delivery, result)
					: null;
			if (rejected != null) {
				this.listener.failed(delivery.queue(), delivery.name(), ran, new IllegalStateException(rejected),
						false);
				send(new Report(task, "kill", () -> dead(delivery, () -> this.broker.kill(delivery, rejected)),
						() -> this.listener.dead(delivery.queue(), delivery.name(), rejected)), owner);
				return;
			}
			this.listener.completed(delivery.queue(), delivery.name(), ran);
			if (this.successHook.handles(delivery, result) && !hookRanAhead(delivery, result)) {
				send(new Report(task, Report.COMPLETE, () -> {
					this.successHook.beforeAck(delivery, result);
					return this.broker.complete(delivery, this.completedRetention);
				}, () -> {
				}), owner);
				return;
			}
			Report report = new Report(task, Report.COMPLETE,
					() -> this.broker.complete(delivery, this.completedRetention), () -> {
					});
			if (!this.acks.offer(report, owner)) {
				send(report, owner);
			}
			return;
		}
		Throwable error = (outcome.error() != null) ? outcome.error() : new IllegalStateException(outcome.reason());
		boolean willRetry = outcome.retryable() && delivery.hasRetriesLeft();
		this.listener.failed(delivery.queue(), delivery.name(), ran, error, willRetry);
		String attempt = AttemptRecord.json(Instant.now(), ran, this.instanceId, error);
		if (willRetry) {
			Duration delay = nextDelay(delivery, error);
			send(new Report(task, "retry", () -> this.broker.retry(delivery, delay, outcome.reason(), attempt),
					() -> this.listener.retried(delivery.queue(), delivery.name())), owner);
		}
		else {
			send(new Report(task, "kill",
					() -> dead(delivery, () -> this.broker.kill(delivery, outcome.reason(), attempt)),
					() -> this.listener.dead(delivery.queue(), delivery.name(), outcome.reason())), owner);
		}
	}

	/**
	 * Whether the hook's work for this success is done, so the ack can join a group: only
	 * for hooks that allow it (a batch's child: its report must reach Redis before the
	 * ack, not in the same call). A failure leaves the ack to go on its own with the
	 * hook.
	 */
	private boolean hookRanAhead(Delivery delivery, Object result) {
		if (!this.successHook.groupsAck(delivery, result)) {
			return false;
		}
		try {
			this.successHook.beforeAck(delivery, result);
			return true;
		}
		catch (RuntimeException ex) {
			logger.debug("Work before the ack of task '{}' (id {}) failed: {}; it goes again with the ack",
					delivery.name(), delivery.id(), ex.toString());
			return false;
		}
	}

	/** The hook's part of a death, then the death itself (re-run together on failure). */
	private AckResult dead(Delivery delivery, Supplier<AckResult> kill) {
		this.successHook.beforeDead(delivery);
		return kill.get();
	}

	/** Hand a delivery back to pending without counting the attempt (shutdown). */
	void requeue(RunningTask task, RunningTasks owner) {
		send(new Report(task, "requeue", () -> this.broker.requeue(task.delivery()), () -> {
		}), owner);
	}

	private Duration nextDelay(Delivery delivery, Throwable error) {
		try {
			Duration delay = this.backoff.nextDelay(delivery.name(), delivery.attempt(), error);
			return delay.isNegative() ? Duration.ZERO : delay;
		}
		catch (RuntimeException ex) {
			logger.warn("Backoff policy {} failed for task '{}'; retrying after 1 minute", this.backoff,
					delivery.name(), ex);
			return Duration.ofMinutes(1);
		}
	}

	private void send(Report report, RunningTasks owner) {
		try {
			applied(report, report.call().get(), owner);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not {} task '{}' (id {}) in Redis: {}; will re-send while its lease lasts",
					report.action(), report.task().delivery().name(), report.task().id(), ex.toString());
			this.pending.add(report, owner);
		}
	}

	/** Record what Redis answered; the delivery is no longer ours either way. */
	static void applied(Report report, AckResult result, RunningTasks owner) {
		owner.remove(report.task());
		if (result == AckResult.APPLIED) {
			report.onApplied().run();
		}
		else if (result == AckResult.STALE && report.isSuccess()) {
			logger.info(
					"Task '{}' (id {}) succeeded after its lease was lost; Redis recorded the success, so no "
							+ "later delivery runs its body again",
					report.task().delivery().name(), report.task().id());
		}
		else {
			logger.info("Skipped {} of task '{}' (id {}): {}; another worker holds or finished it", report.action(),
					report.task().delivery().name(), report.task().id(),
					(result == AckResult.STALE) ? "its lease was lost" : "it no longer exists");
		}
	}

}
