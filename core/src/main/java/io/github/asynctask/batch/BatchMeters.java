package io.github.asynctask.batch;

/**
 * Told what became of batches, once per batch across instances: only the instance whose
 * script call made the change is told ({@code asynctask.batch.*} meters).
 */
public interface BatchMeters {

	/** Meters that count nothing. */
	BatchMeters NONE = new BatchMeters() {
	};

	/** A batch was sealed with its children. */
	default void created() {
	}

	/**
	 * A batch ended.
	 * @param state {@code s} every child completed, {@code c} some went dead
	 */
	default void ended(String state) {
	}

	/** A batch was cancelled. */
	default void cancelled() {
	}

	/**
	 * A task was cancelled through {@code AsyncTaskTemplate.cancel}.
	 * @param queue its queue
	 * @param running whether it was running (marked) rather than removed before it ran
	 */
	default void taskCancelled(String queue, boolean running) {
	}

	/** Reports owed by children that ended without their worker were delivered. */
	default void owedReported(int reports) {
	}

}
