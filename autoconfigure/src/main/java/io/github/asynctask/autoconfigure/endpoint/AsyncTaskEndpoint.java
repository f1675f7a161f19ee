package io.github.asynctask.autoconfigure.endpoint;

import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import io.github.asynctask.autoconfigure.console.SensitiveValues;
import io.github.asynctask.autoconfigure.console.TaskOperationException;
import io.github.asynctask.autoconfigure.console.TaskActions;
import io.github.asynctask.autoconfigure.console.TaskBrowser;
import io.github.asynctask.autoconfigure.console.TaskOperations;
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
 * Task arguments, headers, error messages and results are masked unless
 * {@code management.endpoint.asynctask.show-values} shows them to the reader (see
 * {@link SensitiveValues}).
 * <ul>
 * <li>{@code GET /actuator/asynctask}: every queue and live instance;
 * {@code ?q=<task id or bizId>&name=<task name>}: search</li>
 * <li>{@code GET /actuator/asynctask/{queue}?state=dead&offset=0&count=50}: a page of
 * tasks; with {@code order=newest|oldest} any state (pending, scheduled, retry, active,
 * dead, completed); {@code ?view=history}: processed/failed per minute and day</li>
 * <li>{@code GET /actuator/asynctask/{queue}/{id}}: one task; {@code ?view=detail}: with
 * its attempts, times, headers and running instance</li>
 * <li>{@code POST /actuator/asynctask/{queue}} with {@code {"action":"pause"}} or
 * {@code "resume"}, or a bulk action {@code {"action":"retry|run|delete","state":"dead",
 * "name":"optional task name"}}</li>
 * <li>{@code POST /actuator/asynctask/{queue}/{id}} with {@code {"action":"retry"}},
 * {@code "run"} (a scheduled task now) or {@code "kill"} (a task not yet ended: through
 * the cancel path)</li>
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

	private final @Nullable TaskBrowser browser;

	private final @Nullable TaskActions actions;

	private final SensitiveValues values;

	public AsyncTaskEndpoint(TaskOperations operations, WriteAccess access) {
		this(operations, access, null, null);
	}

	/**
	 * @param browser browsing, search, detail and history (null: not offered)
	 * @param actions kill, run now and bulk actions (null: not offered)
	 */
	public AsyncTaskEndpoint(TaskOperations operations, WriteAccess access, @Nullable TaskBrowser browser,
			@Nullable TaskActions actions) {
		this(operations, access, browser, actions, SensitiveValues.NEVER);
	}

	/**
	 * @param values who sees task arguments, headers, errors and results
	 */
	public AsyncTaskEndpoint(TaskOperations operations, WriteAccess access, @Nullable TaskBrowser browser,
			@Nullable TaskActions actions, SensitiveValues values) {
		this.operations = operations;
		this.access = access;
		this.browser = browser;
		this.actions = actions;
		this.values = values;
	}

	/**
	 * Every queue with its sizes, paused flag and latency, and every live instance; with
	 * {@code q}, the tasks whose id or bizId it is (bizId under task {@code name}, or any
	 * of this application's task names).
	 */
	@ReadOperation
	public WebEndpointResponse<Object> overview(@Nullable String q, @Nullable String name) {
		if (q != null) {
			return answer(() -> browser().search(q, null, name));
		}
		return new WebEndpointResponse<>(this.operations.overview());
	}

	/**
	 * A page of a queue's tasks in {@code state} (default {@code dead}); with
	 * {@code order} ({@code newest}, {@code oldest}) any state; {@code view=history} the
	 * queue's history instead.
	 */
	@ReadOperation
	public WebEndpointResponse<Object> tasks(SecurityContext security, @Selector String queue, @Nullable String state,
			@Nullable Integer offset, @Nullable Integer count, @Nullable String order, @Nullable String view) {
		if ("history".equals(view)) {
			return answer(() -> browser().history(queue));
		}
		if (order != null || "pending".equals(state) || "active".equals(state)) {
			return answer(() -> forReader(security, browser().page(queue, (state != null) ? state : "pending",
					(order != null) ? order : "newest", (offset != null) ? offset : 0, (count != null) ? count : 50)));
		}
		return answer(() -> forReader(security, this.operations.tasks(queue, (state != null) ? state : "dead",
				(offset != null) ? offset : 0, (count != null) ? count : 50)));
	}

	/**
	 * One task, with its arguments unless
	 * {@code async-task.console.show-arguments=false}; {@code view=detail} adds its
	 * attempts, times, headers and the instance running it.
	 */
	@ReadOperation
	public WebEndpointResponse<Object> task(SecurityContext security, @Selector String queue, @Selector String id,
			@Nullable String view) {
		if ("detail".equals(view)) {
			return answer(() -> forReader(security, browser().detail(queue, id)));
		}
		return answer(() -> forReader(security, this.operations.task(queue, id)));
	}

	private Object forReader(SecurityContext security, Object document) {
		return this.values.forReader(document, security.getPrincipal(), security::isUserInRole);
	}

	/**
	 * Pause or resume a queue ({@code action} {@code pause}, {@code resume}), or act on
	 * all its tasks of a {@code state} (optionally of task {@code name}): {@code retry}
	 * (dead), {@code run} (scheduled, retry), {@code delete}.
	 */
	@WriteOperation
	public WebEndpointResponse<Object> queueAction(SecurityContext security, @Selector String queue, String action,
			@Nullable String state, @Nullable String name) {
		return answer(() -> {
			checkWrite(security);
			if (state != null) {
				return actions().bulk(queue, state, action, name);
			}
			return switch (action.toLowerCase(Locale.ROOT)) {
				case "pause" -> this.operations.pause(queue);
				case "resume" -> this.operations.resume(queue);
				default -> throw badAction(action, "pause, resume (or a bulk action with a state)");
			};
		});
	}

	/**
	 * Retry a dead task, run a scheduled or retrying one now, or kill a running one:
	 * {@code action} is {@code retry}, {@code run} or {@code kill}.
	 */
	@WriteOperation
	public WebEndpointResponse<Object> taskAction(SecurityContext security, @Selector String queue, @Selector String id,
			String action) {
		return answer(() -> {
			checkWrite(security);
			return switch (action.toLowerCase(Locale.ROOT)) {
				case "retry" -> this.operations.retry(queue, id);
				case "run" -> actions().runNow(queue, id);
				case "kill" -> actions().kill(queue, id, "actuator endpoint",
						(security.getPrincipal() != null) ? security.getPrincipal().getName() : null);
				default -> throw badAction(action, "retry, run, kill");
			};
		});
	}

	private TaskBrowser browser() {
		return TaskOperationException.available(this.browser, "Browsing and search");
	}

	private TaskActions actions() {
		return TaskOperationException.available(this.actions, "Kill, run now and bulk actions");
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
