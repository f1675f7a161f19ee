package io.github.asynctask.autoconfigure.console;

import java.util.Map;
import java.util.function.Supplier;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.WebRequest;

/**
 * The console's rules for a write, shared by its controllers: refused unless
 * {@code async-task.console.writes-enabled=true} and the user holds the write role (see
 * {@link WriteAccess}); a refused operation answers with its status and message.
 */
final class ConsoleWrites {

	private final AsyncTaskProperties.Console properties;

	private final WriteAccess access;

	ConsoleWrites(AsyncTaskProperties.Console properties) {
		this.properties = properties;
		this.access = new WriteAccess(properties.getWriteRole());
	}

	ResponseEntity<Object> write(WebRequest request, Supplier<?> operation) {
		if (!this.properties.isWritesEnabled()) {
			return ResponseEntity.status(HttpStatus.FORBIDDEN)
				.body(Map.of("message", "Console writes are off; set async-task.console.writes-enabled=true "
						+ "after protecting the console path (see docs/observability.md)"));
		}
		this.access.check(request.getUserPrincipal(), request::isUserInRole);
		return ResponseEntity.ok(operation.get());
	}

	static ResponseEntity<Map<String, String>> refused(TaskOperationException ex) {
		HttpStatus status = switch (ex.reason()) {
			case NOT_FOUND -> HttpStatus.NOT_FOUND;
			case CONFLICT -> HttpStatus.CONFLICT;
			case BAD_REQUEST -> HttpStatus.BAD_REQUEST;
			case UNAUTHORIZED -> HttpStatus.UNAUTHORIZED;
			case FORBIDDEN -> HttpStatus.FORBIDDEN;
		};
		return ResponseEntity.status(status).body(Map.of("message", ex.getMessage()));
	}

}
