package io.github.asynctask;

/**
 * The task behind a result future went dead: out of attempts, poison, or its wait timed
 * out. Carries the task id, name and last error.
 */
public class TaskFailedException extends AsyncTaskException {

	private final String taskId;

	private final String taskName;

	private final String lastError;

	public TaskFailedException(String taskId, String taskName, String lastError) {
		this("Task '" + taskName + "' (id " + taskId + ") went dead: " + lastError, taskId, taskName, lastError);
	}

	/**
	 * For subclasses whose future ends for another reason than the task's death.
	 * @param message the whole message
	 * @param taskId the task's id
	 * @param taskName the task's name, {@code ""} when unknown
	 * @param lastError why the future ends
	 */
	protected TaskFailedException(String message, String taskId, String taskName, String lastError) {
		super(message);
		this.taskId = taskId;
		this.taskName = taskName;
		this.lastError = lastError;
	}

	public String taskId() {
		return this.taskId;
	}

	public String taskName() {
		return this.taskName;
	}

	public String lastError() {
		return this.lastError;
	}

}
