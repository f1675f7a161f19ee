package io.github.asynctask;

import java.util.Map;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;

/**
 * Runs on the calling thread at every submit, in bean order, and may add headers (trace
 * context, tenant, user) that travel with the task and come back to the worker in
 * {@link io.github.asynctask.codec.DecodedPayload#headers()}.
 */
@FunctionalInterface
public interface SubmitInterceptor {

	/**
	 * Called before the task is written.
	 * @param definition the task being submitted
	 * @param args the call's arguments (do not modify)
	 * @param headers the headers so far; add or replace entries
	 */
	void beforeSubmit(TaskDefinition definition, @Nullable Object[] args, Map<String, String> headers);

}
