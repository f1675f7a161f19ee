package io.github.asynctask.aop;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;

/**
 * Records the task call made inside a {@code Runnable} instead of submitting it, so that
 * {@link io.github.asynctask.AsyncTaskTemplate} can submit it with per-call options.
 */
public final class CallCapture {

	private static final ThreadLocal<@Nullable List<CapturedCall>> CALLS = new ThreadLocal<>();

	private CallCapture() {
	}

	/**
	 * Run the call and return the one task call it made.
	 * @throws IllegalArgumentException when it made no task call or more than one
	 */
	public static CapturedCall capture(Runnable call) {
		List<CapturedCall> calls = captureAll(call);
		if (calls.size() != 1) {
			throw new IllegalArgumentException(
					"The call passed to AsyncTaskTemplate.submit must be exactly one call of an @AsyncTask method on "
							+ "an injected bean, but it made " + calls.size()
							+ ((calls.isEmpty()) ? "" : " " + calls.stream().map((c) -> c.definition().name()).toList())
							+ "; nothing was submitted");
		}
		return calls.get(0);
	}

	/** Run the call and return every task call it made, none submitted. */
	public static List<CapturedCall> captureAll(Runnable call) {
		List<CapturedCall> previous = CALLS.get();
		List<CapturedCall> calls = new ArrayList<>(1);
		CALLS.set(calls);
		try {
			call.run();
		}
		finally {
			CALLS.set(previous);
		}
		return calls;
	}

	/** Record the call if a capture is running on this thread. */
	static boolean record(TaskDefinition definition, @Nullable Object[] args) {
		List<CapturedCall> calls = CALLS.get();
		if (calls == null) {
			return false;
		}
		calls.add(new CapturedCall(definition, (args != null) ? args.clone() : new Object[0]));
		return true;
	}

	/**
	 * One captured task call.
	 *
	 * @param definition the task
	 * @param args the arguments
	 */
	public record CapturedCall(TaskDefinition definition, @Nullable Object[] args) {

	}

}
