package io.github.asynctask.submit;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.github.asynctask.QueueFullException;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.limit.BacklogLimit;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.shard.ShardName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a submit does when the enqueue script refused its task because the queue holds its
 * {@code max-backlog}: with {@code on-full: wait} it sends the same request again (the
 * same id, so a send that went through is not doubled) with growing pauses until the
 * queue has room or {@code on-full-timeout} passed; then, or at once with
 * {@code on-full: reject}, it counts the refusal and throws {@link QueueFullException}.
 */
final class FullQueues {

	private static final Logger logger = LoggerFactory.getLogger(FullQueues.class);

	/**
	 * First pause before a waiting submit asks again; doubled up to {@link #MAX_PAUSE}.
	 */
	static final Duration FIRST_PAUSE = Duration.ofMillis(10);

	static final Duration MAX_PAUSE = Duration.ofMillis(500);

	private final TaskListener listener;

	// Set once at start-up (auto-configuration), read by every submitting thread.
	private volatile BacklogLimits limits = BacklogLimits.NONE;

	FullQueues(TaskListener listener) {
		this.listener = listener;
	}

	void limits(BacklogLimits limits) {
		this.limits = limits;
	}

	BacklogLimits limits() {
		return this.limits;
	}

	/**
	 * The result of sending {@code request}, sent again while the queue is full and its
	 * submits wait.
	 * @throws QueueFullException when the queue stayed full
	 */
	EnqueueResult admit(EnqueueRequest request, Function<EnqueueRequest, EnqueueResult> send) {
		EnqueueResult result = send.apply(request);
		if (result.outcome() != EnqueueResult.Outcome.QUEUE_FULL) {
			return result;
		}
		String queue = ShardName.queueOf(request.queue());
		BacklogLimit limit = this.limits.of(queue);
		if (limit != null && limit.onFull() == BacklogLimit.OnFull.WAIT) {
			long deadline = System.nanoTime() + limit.onFullTimeout().toNanos();
			long pause = FIRST_PAUSE.toNanos();
			for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
				if (!pause(Math.min(pause, left))) {
					break;
				}
				pause = Math.min(pause * 2, MAX_PAUSE.toNanos());
				result = send.apply(request);
				if (result.outcome() != EnqueueResult.Outcome.QUEUE_FULL) {
					return result;
				}
			}
		}
		throw refused(request, result);
	}

	/**
	 * Counts the refusal and describes it; the submit's caller gets it thrown, an
	 * after-commit batch logs it.
	 */
	QueueFullException refused(EnqueueRequest request, EnqueueResult result) {
		String queue = ShardName.queueOf(request.queue());
		this.listener.rejected(queue, request.name());
		BacklogLimit limit = this.limits.of(queue);
		int shards = this.limits.shards(queue);
		long max = (limit != null) ? limit.perShard(shards) : -1;
		String detail = " (task id " + request.id()
				+ ((shards > 1) ? "; the backlog and limit are those of one of the " + shards
						+ " shards, each taking an even share)" : ")")
				+ ((limit != null && limit.onFull() == BacklogLimit.OnFull.WAIT)
						? " after waiting " + limit.onFullTimeout() + " for room" : "");
		return new QueueFullException(queue, request.name(), result.backlog(), max, detail);
	}

	/**
	 * Log at ERROR a task a full queue refused after its transaction committed (no caller
	 * to throw to).
	 * @param fate what became of it: dropped, or kept by the outbox
	 */
	void logRefused(EnqueueRequest request, EnqueueResult result, String fate) {
		logger.error("Task '{}' ({}) submitted in a committed transaction was not recorded in Redis, {}: {}",
				request.name(), request.id(), fate, refused(request, result).getMessage());
	}

	private static boolean pause(long nanos) {
		try {
			TimeUnit.NANOSECONDS.sleep(nanos);
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
