package io.github.asynctask.submit;

import java.util.Map;
import java.util.function.Supplier;

import io.github.asynctask.TaskReceipt;

/**
 * Wraps each submit, on the calling thread, before any header is written: an observation
 * (a span that propagates itself into {@code headers}) or nothing.
 */
@FunctionalInterface
public interface SubmitObserver {

	/** Runs the submit as it is. */
	SubmitObserver NONE = (task, queue, headers, submit) -> submit.get();

	/**
	 * Run one submit.
	 * @param task the task name
	 * @param queue the queue it goes to
	 * @param headers the task's headers, still empty; what is put here travels with it
	 * @param submit the submit itself (submit interceptors, payload, Redis or the
	 * after-commit batch)
	 * @return the submit's receipt
	 */
	TaskReceipt observe(String task, String queue, Map<String, String> headers, Supplier<TaskReceipt> submit);

}
