package io.github.asynctask.codec;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;

/**
 * Writes a call's arguments to the payload stored in Redis and reads them back by the
 * method's generic parameter types. Never writes or trusts class names.
 */
public interface TaskCodec {

	/**
	 * Write a payload.
	 * @throws TaskCodecException naming the task and parameter when an argument cannot be
	 * written, or when the payload exceeds the size limit
	 */
	String encode(TaskDefinition definition, @Nullable Object[] args, Map<String, String> headers,
			@Nullable Duration timeout);

	/**
	 * Read a payload back.
	 * @throws TaskCodecException saying what is wrong when it cannot be read
	 */
	DecodedPayload decode(TaskDefinition definition, String payload);

}
