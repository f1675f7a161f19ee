package io.github.asynctask.flow;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes task results as JSON by the declared {@code T} of a method returning
 * {@code CompletableFuture<T>}, bounded by {@code async-task.max-payload-size}.
 */
public final class ResultWriter {

	private final JsonMapper mapper;

	private final int maxBytes;

	public ResultWriter(JsonMapper mapper, int maxBytes) {
		this.mapper = mapper;
		this.maxBytes = maxBytes;
	}

	/** Whether the task's method returns {@code CompletableFuture<T>}. */
	public static boolean returnsResult(Method method) {
		return method.getReturnType() == CompletableFuture.class;
	}

	/** The declared {@code T} of a method returning {@code CompletableFuture<T>}. */
	public JavaType resultType(Method method) {
		return this.mapper.constructType(method.getGenericReturnType()).containedTypeOrUnknown(0);
	}

	/** The result as JSON. */
	public String write(TaskDefinition definition, @Nullable Object result) {
		return this.mapper.writerFor(resultType(definition.method())).writeValueAsString(result);
	}

	/** Why this result cannot be kept, or {@code null}. */
	@Nullable String problem(TaskDefinition definition, @Nullable Object result) {
		String json;
		try {
			json = write(definition, result);
		}
		catch (RuntimeException ex) {
			return "the result of task '" + definition.name() + "' cannot be written as JSON: " + ex.getMessage();
		}
		int size = json.getBytes(StandardCharsets.UTF_8).length;
		if (size > this.maxBytes) {
			return "the result of task '" + definition.name() + "' is " + size
					+ " bytes, above async-task.max-payload-size of " + this.maxBytes + " bytes";
		}
		return null;
	}

}
