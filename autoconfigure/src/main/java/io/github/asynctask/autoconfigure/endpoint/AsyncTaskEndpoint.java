package io.github.asynctask.autoconfigure.endpoint;

import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import io.github.asynctask.autoconfigure.console.TaskOperationException;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.autoconfigure.console.Views.Overview;
import io.github.asynctask.autoconfigure.console.WriteAccess;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;

/**
 * The {@code asynctask} actuator endpoint: queues, instances, schedules and tasks, and
 * the operator's writes. Writes are off by default ({@code defaultAccess = READ_ONLY});
 * allow them with {@code management.endpoint.asynctask.access=unrestricted}; each write
 * also needs a user in {@code async-task.console.write-role} (see {@link WriteAccess}).
 * <ul>
 * <li>{@code GET /actuator/asynctask}: every queue and live instance</li>
 * <li>{@code GET /actuator/asynctask/{queue}?state=dead&offset=0&count=50}: a page of
 * tasks</li>
 * <li>{@code GET /actuator/asynctask/{queue}/{id}}: one task</li>
 * <li>{@code POST /actuator/asynctask/{queue}} with {@code {"action":"pause"}} or
 * {@code "resume"}</li>
 * <li>{@code POST /actuator/asynctask/{queue}/{id}} with {@code {"action":"retry"}}</li>
 * <li>{@code POST /actuator/asynctask/{queue}/schedules/{name}} with
 * {@code {"action":"pause"}} or {@code "resume"}: a periodic task, for every
 * instance</li>
 * <li>{@code DELETE /actuator/asynctask/{queue}/{id}}</li>
 * </ul>
 */
@WebEndpoint(id = "asynctask", defaultAccess = Access.READ_ONLY)
public class AsyncTaskEndpoint {

	private final TaskOperations operations;

	private final WriteAccess access;

	public AsyncTaskEndpoint(TaskOperations operations, WriteAccess access) {
		this.operations = operations;
		this.access = access;
	}

	/** Every queue with its sizes, paused flag and latency, and every live instance. */
	@ReadOperation
	public Overview overview() {
		return this.operations.overview();
	}

	/** A page of a queue's tasks in {@code state} (default {@code dead}). */
	@ReadOperation
	public WebEndpointResponse<Object> tasks(@Selector String queue, @Nullable String state, @Nullable Integer offset,
			@Nullable Integer count) {
		return answer(() -> this.operations.tasks(queue, (state != null) ? state : "dead",
				(offset != null) ? offset : 0, (count != null) ? count : 50));
	}

	/**
	 * One task, with its arguments unless
	 * {@code async-task.console.show-arguments=false}.
	 */
	@ReadOperation
	public WebEndpointResponse<Object> task(@Selector String queue, @Selector String id) {
		return answer(() -> this.operations.task(queue, id));
	}

	/** Pause or resume a queue: {@code action} is {@code pause} or {@code resume}. */
	@WriteOperation
	public WebEndpointResponse<Object> queueAction(SecurityContext security, @Selector String queue, String action) {
		return answer(() -> {
			checkWrite(security);
			return switch (action.toLowerCase(Locale.ROOT)) {
				case "pause" -> this.operations.pause(queue);
				case "resume" -> this.operations.resume(queue);
				default -> throw badAction(action, "pause, resume");
			};
		});
	}

	/** Retry a dead task: {@code action} is {@code retry}. */
	@WriteOperation
	public WebEndpointResponse<Object> taskAction(SecurityContext security, @Selector String queue, @Selector String id,
			String action) {
		return answer(() -> {
			checkWrite(security);
			if (!"retry".equalsIgnoreCase(action)) {
				throw badAction(action, "retry");
			}
			return this.operations.retry(queue, id);
		});
	}

	/**
	 * Pause or resume a periodic task of the queue: {@code schedules} is the literal
	 * {@code schedules}, {@code action} is {@code pause} or {@code resume}.
	 */
	@WriteOperation
	public WebEndpointResponse<Object> scheduleAction(SecurityContext security, @Selector String queue,
			@Selector String schedules, @Selector String name, String action) {
		return answer(() -> {
			checkWrite(security);
			if (!"schedules".equals(schedules)) {
				throw new TaskOperationException(TaskOperationException.Reason.NOT_FOUND, "No such path: /" + queue
						+ "/" + schedules + "/" + name + "; a schedule is at /{queue}/schedules/{name}");
			}
			return switch (action.toLowerCase(Locale.ROOT)) {
				case "pause" -> this.operations.pauseSchedule(queue, name, true);
				case "resume" -> this.operations.pauseSchedule(queue, name, false);
				default -> throw badAction(action, "pause, resume");
			};
		});
	}

	/** Delete a task that is not running. */
	@DeleteOperation
	public WebEndpointResponse<Object> delete(SecurityContext security, @Selector String queue, @Selector String id) {
		return answer(() -> {
			checkWrite(security);
			return this.operations.delete(queue, id);
		});
	}

	private void checkWrite(SecurityContext security) {
		this.access.check(security.getPrincipal(), security::isUserInRole);
	}

	private static TaskOperationException badAction(String action, String allowed) {
		return new TaskOperationException(TaskOperationException.Reason.BAD_REQUEST,
				"action must be one of " + allowed + " but was '" + action + "'");
	}

	private static WebEndpointResponse<Object> answer(Supplier<Object> operation) {
		try {
			return new WebEndpointResponse<>(operation.get());
		}
		catch (TaskOperationException ex) {
			int status = switch (ex.reason()) {
				case NOT_FOUND -> WebEndpointResponse.STATUS_NOT_FOUND;
				case CONFLICT -> 409;
				case BAD_REQUEST -> WebEndpointResponse.STATUS_BAD_REQUEST;
				case UNAUTHORIZED -> 401;
				case FORBIDDEN -> 403;
			};
			return new WebEndpointResponse<>(Map.of("message", ex.getMessage()), status);
		}
	}

}
