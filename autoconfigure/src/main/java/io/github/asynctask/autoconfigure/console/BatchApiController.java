package io.github.asynctask.autoconfigure.console;

import java.util.Map;

import io.github.asynctask.autoconfigure.console.BatchViews.BatchDetail;
import io.github.asynctask.autoconfigure.console.BatchViews.BatchList;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;

/**
 * The console's batch JSON under {@code <console path>/api/batches}: the recent batches,
 * one batch with its dead children, and its two writes (retry every dead child, cancel),
 * POSTs under the console's write rules ({@link ConsoleWrites}) and CSRF protection.
 */
@RestController
@RequestMapping("${async-task.console.path:/asynctask}/api/batches")
final class BatchApiController {

	private final BatchViews views;

	private final ConsoleWrites writes;

	BatchApiController(BatchViews views, ConsoleWrites writes) {
		this.views = views;
		this.writes = writes;
	}

	@GetMapping
	BatchList recent(@RequestParam(defaultValue = "0") int offset, @RequestParam(defaultValue = "50") int count) {
		return this.views.recent(offset, count);
	}

	@GetMapping("/{id}")
	BatchDetail batch(@PathVariable String id) {
		try {
			return this.views.detail(id)
				.orElseThrow(() -> new TaskOperationException(TaskOperationException.Reason.NOT_FOUND,
						"No batch " + id + "; it may have expired (an ended batch is kept 7 days by default)"));
		}
		catch (IllegalArgumentException ex) {
			throw new TaskOperationException(TaskOperationException.Reason.BAD_REQUEST,
					String.valueOf(ex.getMessage()));
		}
	}

	@PostMapping("/{id}/retry-dead")
	ResponseEntity<Object> retryDead(@PathVariable String id, WebRequest request) {
		return this.writes.write(request, () -> this.views.retryDead(id));
	}

	@PostMapping("/{id}/cancel")
	ResponseEntity<Object> cancel(@PathVariable String id, WebRequest request) {
		return this.writes.write(request, () -> this.views.cancel(id));
	}

	@ExceptionHandler(TaskOperationException.class)
	ResponseEntity<Map<String, String>> refused(TaskOperationException ex) {
		return ConsoleWrites.refused(ex);
	}

}
