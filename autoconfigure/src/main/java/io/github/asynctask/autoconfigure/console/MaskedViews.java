package io.github.asynctask.autoconfigure.console;

import java.util.List;

import io.github.asynctask.autoconfigure.console.BrowseViews.AttemptView;
import io.github.asynctask.autoconfigure.console.BrowseViews.ListPage;
import io.github.asynctask.autoconfigure.console.BrowseViews.TaskDetail;
import io.github.asynctask.autoconfigure.console.BrowseViews.TaskRow;
import io.github.asynctask.autoconfigure.console.Views.TaskPage;
import io.github.asynctask.autoconfigure.console.Views.TaskView;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Copies of the documents with the data a task carries masked: arguments (and their
 * preview), headers, error messages and stacks, kept results and unreadable raw bytes.
 * Ids, names, states, times, bizIds and exception class names stay: operators find and
 * act on tasks by them. A value that is absent stays absent.
 */
final class MaskedViews {

	private static final JsonNode MASK_NODE = JsonMapper.shared().valueToTree(SensitiveValues.MASK);

	private MaskedViews() {
	}

	static Object mask(Object document) {
		if (document instanceof TaskView view) {
			return mask(view);
		}
		if (document instanceof TaskPage page) {
			return new TaskPage(page.queue(), page.state(), page.offset(), page.total(),
					page.tasks().stream().map(MaskedViews::mask).toList());
		}
		if (document instanceof ListPage page) {
			return new ListPage(page.queue(), page.state(), page.order(), page.offset(), page.count(), page.total(),
					page.tasks().stream().map(MaskedViews::mask).toList());
		}
		if (document instanceof TaskDetail detail) {
			return mask(detail);
		}
		return document;
	}

	private static TaskView mask(TaskView view) {
		return new TaskView(view.id(), view.name(), view.queue(), view.state(), view.attempts(), view.maxRetries(),
				mask(view.lastError()), view.createdAt(), view.updatedAt(), mask(view.arguments()),
				view.argumentsHidden(), view.waitsFor(), mask(view.result()));
	}

	private static TaskRow mask(TaskRow row) {
		return new TaskRow(row.id(), row.name(), row.state(), row.attempts(), row.maxRetries(), mask(row.lastError()),
				row.createdAt(), row.updatedAt(), row.at(), mask(row.argumentsPreview()), row.unreadable(),
				row.rawSize());
	}

	private static TaskDetail mask(TaskDetail task) {
		List<AttemptView> history = task.history()
			.stream()
			.map((attempt) -> new AttemptView(attempt.start(), attempt.end(), attempt.instance(), attempt.error(),
					mask(attempt.message()), mask(attempt.stack())))
			.toList();
		return new TaskDetail(task.id(), task.queue(), task.name(), task.state(), task.attempts(), task.maxRetries(),
				mask(task.lastError()), task.createdAt(), task.updatedAt(), task.scheduledAt(), task.retryAt(),
				task.leaseUntil(), task.diedAt(), task.expiresAt(), task.runningOn(), mask(task.arguments()),
				task.argumentsHidden(), mask(task.headers()), history, task.unreadable(), task.rawSize(),
				mask(task.raw()), task.bizId(), mask(task.progress()), task.cancelRequested());
	}

	private static @Nullable String mask(@Nullable String value) {
		return (value != null) ? SensitiveValues.MASK : null;
	}

	private static @Nullable JsonNode mask(@Nullable JsonNode value) {
		return (value != null) ? MASK_NODE : null;
	}

}
