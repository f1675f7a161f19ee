package io.github.asynctask.event;

import java.time.Duration;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fans events out to several listeners; a listener that throws is logged and skipped so
 * it can never break a submit or a worker.
 */
public final class CompositeTaskListener implements TaskListener {

	private static final Logger logger = LoggerFactory.getLogger(CompositeTaskListener.class);

	/** An array: the events of every task walk it, with no iterator. */
	private final TaskListener[] listeners;

	public CompositeTaskListener(List<TaskListener> listeners) {
		this.listeners = List.copyOf(listeners).toArray(TaskListener[]::new);
	}

	@Override
	public void submitted(String queue, String task) {
		each((listener) -> listener.submitted(queue, task));
	}

	@Override
	public void deduplicated(String queue, String task) {
		each((listener) -> listener.deduplicated(queue, task));
	}

	@Override
	public void started(String queue, String task) {
		// a loop of its own, as completed: a capturing lambda per task showed in heap
		// profiles (issue 37)
		for (TaskListener listener : this.listeners) {
			try {
				listener.started(queue, task);
			}
			catch (RuntimeException ex) {
				failed(listener, ex);
			}
		}
	}

	@Override
	public void completed(String queue, String task, Duration duration) {
		for (TaskListener listener : this.listeners) {
			try {
				listener.completed(queue, task, duration);
			}
			catch (RuntimeException ex) {
				failed(listener, ex);
			}
		}
	}

	@Override
	public void failed(String queue, String task, Duration duration, Throwable error, boolean willRetry) {
		each((listener) -> listener.failed(queue, task, duration, error, willRetry));
	}

	@Override
	public void retried(String queue, String task) {
		each((listener) -> listener.retried(queue, task));
	}

	@Override
	public void rateLimited(String queue, Duration wait) {
		each((listener) -> listener.rateLimited(queue, wait));
	}

	@Override
	public void rejected(String queue, String task) {
		each((listener) -> listener.rejected(queue, task));
	}

	@Override
	public void concurrencyKeyBlocked(String queue) {
		each((listener) -> listener.concurrencyKeyBlocked(queue));
	}

	@Override
	public void hung(String queue, String task, Duration timeout) {
		each((listener) -> listener.hung(queue, task, timeout));
	}

	@Override
	public void dead(String queue, String task, String reason) {
		each((listener) -> listener.dead(queue, task, reason));
	}

	@Override
	public void deadDropped(String queue, int count) {
		each((listener) -> listener.deadDropped(queue, count));
	}

	@Override
	public void resendBufferSize(int size) {
		each((listener) -> listener.resendBufferSize(size));
	}

	private void each(java.util.function.Consumer<TaskListener> call) {
		for (TaskListener listener : this.listeners) {
			try {
				call.accept(listener);
			}
			catch (RuntimeException ex) {
				failed(listener, ex);
			}
		}
	}

	private static void failed(TaskListener listener, RuntimeException ex) {
		logger.warn("Task listener {} failed; ignoring it for this event", listener, ex);
	}

}
