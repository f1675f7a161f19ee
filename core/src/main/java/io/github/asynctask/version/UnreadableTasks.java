package io.github.asynctask.version;

/**
 * Stored tasks of one task name that this instance's code and upcasters cannot read,
 * found by the start-up sample check.
 *
 * @param taskName the task name
 * @param count how many of the sampled tasks cannot be read
 * @param sampled how many tasks of that name were sampled
 * @param exampleQueue the queue of an example
 * @param exampleId the id of an example
 * @param exampleError why the example cannot be read
 */
public record UnreadableTasks(String taskName, int count, int sampled, String exampleQueue, String exampleId,
		String exampleError) {

}
