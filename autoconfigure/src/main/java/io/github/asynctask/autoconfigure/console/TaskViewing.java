package io.github.asynctask.autoconfigure.console;

import java.util.List;
import java.util.Locale;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.autoconfigure.console.TaskOperationException.Reason;
import io.github.asynctask.autoconfigure.console.Views.TaskView;
import io.github.asynctask.flow.FlowDescriptions;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import org.jspecify.annotations.Nullable;

/**
 * How {@link TaskOperations} shows one task: its arguments unless they are hidden, what
 * it waits for and its kept result when flows are on, and the names of the states a page
 * may list.
 */
final class TaskViewing {

	private final boolean showArguments;

	/** Set once at start-up when flows are on; read after. */
	private volatile @Nullable FlowDescriptions flows;

	TaskViewing(boolean showArguments) {
		this.showArguments = showArguments;
	}

	void flows(FlowDescriptions flows) {
		this.flows = flows;
	}

	TaskView view(TaskInfo task) {
		JsonNode arguments = this.showArguments ? arguments(task.payload()) : null;
		FlowDescriptions flows = this.flows;
		FlowDescriptions.Described described = (flows != null
				&& (task.state() == TaskState.WAITING || task.state() == TaskState.COMPLETED))
						? flows.describe(task.queue(), task.id()) : new FlowDescriptions.Described(List.of(), null);
		return new TaskView(task.id(), task.name(), task.queue(), lower(task.state()), task.attempts(),
				task.maxRetries(), task.lastError(), task.createdAt().toString(), task.updatedAt().toString(),
				arguments, !this.showArguments, described.waitsFor(), described.result());
	}

	// The payload is the codec's {"v":1,"args":[...],"h":{...}}; only the arguments are
	// shown: headers carry trace context and other plumbing.
	private static @Nullable JsonNode arguments(String payload) {
		try {
			JsonNode args = JsonMapper.shared().readTree(payload).path("args");
			return args.isMissingNode() ? null : args;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	static TaskState listable(String state) {
		return switch (state.toLowerCase(Locale.ROOT)) {
			case "dead" -> TaskState.DEAD;
			case "retry" -> TaskState.RETRY;
			case "scheduled" -> TaskState.SCHEDULED;
			case "completed" -> TaskState.COMPLETED;
			case "waiting" -> TaskState.WAITING;
			default -> throw new TaskOperationException(Reason.BAD_REQUEST,
					"state must be one of dead, retry, scheduled, completed, waiting but was '" + state + "'");
		};
	}

	static String lower(TaskState state) {
		return state.name().toLowerCase(Locale.ROOT);
	}

}
