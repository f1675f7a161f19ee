package io.github.asynctask.version;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.TaskUpcaster;
import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.codec.TaskCodecException;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskDefinitionCheck;
import org.jspecify.annotations.Nullable;

/**
 * The application's codec with task versions: a payload stored at an older version than
 * the method's passes through the task's {@link TaskUpcaster}s before the codec reads it;
 * one stored at a newer version is refused with {@link NewerTaskVersionException} (the
 * worker hands it back); a payload that still cannot be read fails naming the version it
 * was stored at. A payload at the method's version costs a look at its first characters.
 */
public final class VersionedTaskCodec implements TaskCodec, TaskDefinitionCheck {

	private final TaskCodec codec;

	private final Upcasters upcasters;

	public VersionedTaskCodec(TaskCodec codec, List<TaskUpcaster> upcasters) {
		this.codec = codec;
		this.upcasters = new Upcasters(upcasters);
	}

	/** The codec this wraps. */
	public TaskCodec codec() {
		return this.codec;
	}

	/** The task names upcasters are given for (a start-up warning names unknown ones). */
	public java.util.Set<String> upcastTaskNames() {
		return this.upcasters.taskNames();
	}

	@Override
	public String encode(TaskDefinition definition, @Nullable Object[] args, Map<String, String> headers,
			@Nullable Duration timeout) {
		return this.codec.encode(definition, args, headers, timeout);
	}

	@Override
	public DecodedPayload decode(TaskDefinition definition, String payload) {
		int current = definition.version();
		int stored = StoredVersion.of(payload);
		if (stored > current) {
			throw new NewerTaskVersionException(definition.name(), stored, current);
		}
		try {
			String readable = (stored < current) ? this.upcasters.upcast(definition.name(), stored, current, payload)
					: payload;
			return this.codec.decode(definition, readable);
		}
		catch (TaskCodecException ex) {
			throw new TaskCodecException(ex.getMessage() + " (stored at version " + stored
					+ ((stored < current) ? ", read as version " + current : "") + ")", ex);
		}
	}

	@Override
	public List<String> problems(TaskDefinition definition) {
		List<String> problems = new ArrayList<>(this.upcasters.problems(definition));
		if (this.codec instanceof TaskDefinitionCheck check) {
			problems.addAll(check.problems(definition));
		}
		return problems;
	}

}
