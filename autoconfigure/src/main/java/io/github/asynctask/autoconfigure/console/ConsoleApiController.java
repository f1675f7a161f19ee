package io.github.asynctask.autoconfigure.console;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.autoconfigure.console.Views.Done;
import io.github.asynctask.autoconfigure.console.Views.Overview;

import org.jspecify.annotations.Nullable;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;

import org.springframework.beans.BeanWrapperImpl;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;

/**
 * The JSON the console page reads, under {@code <console path>/api}. Writes are POSTs (so
 * Spring Security's CSRF protection applies to them) and are refused unless
 * {@code async-task.console.writes-enabled=true}, and need a user in
 * {@code async-task.console.write-role} (see {@link WriteAccess}).
 */
@RestController
@RequestMapping("${async-task.console.path:/asynctask}/api")
final class ConsoleApiController {

	// Spring Security stores the request's CSRF token under this attribute; read by
	// property so the console needs no compile dependency on Spring Security.
	private static final String CSRF_ATTRIBUTE = "_csrf";

	private final TaskOperations operations;

	private final AsyncTaskProperties.Console properties;

	private final WriteAccess access;

	private final @Nullable TaskBrowser browser;

	private final @Nullable TaskActions actions;

	private final SensitiveValues values;

	private final ConsoleWrites writes;

	ConsoleApiController(TaskOperations operations, AsyncTaskProperties.Console properties,
			@Nullable TaskBrowser browser, @Nullable TaskActions actions, SensitiveValues values) {
		this.values = values;
		this.browser = browser;
		this.actions = actions;
		this.operations = operations;
		this.properties = properties;
		this.access = new WriteAccess(properties.getWriteRole());
		this.writes = new ConsoleWrites(properties);
	}

	@GetMapping("/settings")
	Map<String, Object> settings(@RequestAttribute(name = CSRF_ATTRIBUTE, required = false) @Nullable Object csrf,
			WebRequest request) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("writesEnabled", this.properties.isWritesEnabled());
		settings.put("writeRole", this.properties.getWriteRole());
		settings.put("canWrite", this.properties.isWritesEnabled()
				&& this.access.allows(request.getUserPrincipal(), request::isUserInRole));
		settings.put("showArguments", this.properties.isShowArguments());
		settings.put("showValues", this.values.shown(request.getUserPrincipal(), request::isUserInRole));
		settings.put("refreshMillis", this.properties.getRefreshInterval().toMillis());
		if (csrf != null) {
			BeanWrapperImpl token = new BeanWrapperImpl(csrf);
			settings.put("csrfHeader", token.getPropertyValue("headerName"));
			settings.put("csrfToken", token.getPropertyValue("token"));
		}
		return settings;
	}

	@GetMapping("/overview")
	Overview overview() {
		return this.operations.overview();
	}

	@GetMapping("/queues/{queue}/tasks")
	Object tasks(@PathVariable String queue, @RequestParam(defaultValue = "dead") String state,
			@RequestParam(defaultValue = "0") int offset, @RequestParam(defaultValue = "50") int count,
			WebRequest request) {
		return forReader(request, this.operations.tasks(queue, state, offset, count));
	}

	@GetMapping("/queues/{queue}/tasks/{id}")
	Object task(@PathVariable String queue, @PathVariable String id, WebRequest request) {
		return forReader(request, this.operations.task(queue, id));
	}

	@GetMapping("/queues/{queue}/browse")
	Object browse(@PathVariable String queue, @RequestParam(defaultValue = "pending") String state,
			@RequestParam(defaultValue = "newest") String order, @RequestParam(defaultValue = "0") String offset,
			@RequestParam(defaultValue = "50") String count, WebRequest request) {
		return forReader(request, browser().page(queue, state, order, number(offset, 0), (int) number(count, 50)));
	}

	@GetMapping("/queues/{queue}/tasks/{id}/detail")
	Object detail(@PathVariable String queue, @PathVariable String id, WebRequest request) {
		return forReader(request, browser().detail(queue, id));
	}

	/** Task data as the request's user may see it (show-values). */
	private Object forReader(WebRequest request, Object document) {
		return this.values.forReader(document, request.getUserPrincipal(), request::isUserInRole);
	}

	@GetMapping("/queues/{queue}/history")
	BrowseViews.HistoryView history(@PathVariable String queue) {
		return browser().history(queue);
	}

	@GetMapping("/search")
	BrowseViews.SearchResult search(@RequestParam String q, @RequestParam(required = false) @Nullable String queue,
			@RequestParam(required = false) @Nullable String name) {
		return browser().search(q, queue, name);
	}

	@GetMapping("/instances")
	BrowseViews.InstancesView instances() {
		return browser().instances();
	}

	@PostMapping("/queues/{queue}/tasks/{id}/kill")
	ResponseEntity<Object> kill(@PathVariable String queue, @PathVariable String id, WebRequest request) {
		return write(request, () -> actions().kill(queue, id, "console",
				(request.getUserPrincipal() != null) ? request.getUserPrincipal().getName() : null));
	}

	@PostMapping("/queues/{queue}/tasks/{id}/run")
	ResponseEntity<Object> runNow(@PathVariable String queue, @PathVariable String id, WebRequest request) {
		return write(request, () -> actions().runNow(queue, id));
	}

	@PostMapping("/queues/{queue}/bulk")
	ResponseEntity<Object> bulk(@PathVariable String queue, @RequestParam String state, @RequestParam String action,
			@RequestParam(required = false) @Nullable String name, WebRequest request) {
		return write(request, () -> actions().bulk(queue, state, action, name));
	}

	private TaskBrowser browser() {
		return TaskOperationException.available(this.browser, "Browsing and search");
	}

	private TaskActions actions() {
		return TaskOperationException.available(this.actions, "Kill, run now and bulk actions");
	}

	/**
	 * A number from a query parameter; anything unreadable is the default (clamped
	 * later).
	 */
	private static long number(String value, long fallback) {
		try {
			return Long.parseLong(value.strip());
		}
		catch (NumberFormatException ex) {
			return fallback;
		}
	}

	@PostMapping("/queues/{queue}/tasks/{id}/retry")
	ResponseEntity<Object> retry(@PathVariable String queue, @PathVariable String id, WebRequest request) {
		return write(request, () -> this.operations.retry(queue, id));
	}

	@PostMapping("/queues/{queue}/tasks/{id}/delete")
	ResponseEntity<Object> delete(@PathVariable String queue, @PathVariable String id, WebRequest request) {
		return write(request, () -> this.operations.delete(queue, id));
	}

	@PostMapping("/queues/{queue}/pause")
	ResponseEntity<Object> pause(@PathVariable String queue, WebRequest request) {
		return write(request, () -> this.operations.pause(queue));
	}

	@PostMapping("/queues/{queue}/resume")
	ResponseEntity<Object> resume(@PathVariable String queue, WebRequest request) {
		return write(request, () -> this.operations.resume(queue));
	}

	@PostMapping("/schedules/{name}/pause")
	ResponseEntity<Object> pauseSchedule(@PathVariable String name, WebRequest request) {
		return write(request, () -> this.operations.pauseSchedule(name, true));
	}

	@PostMapping("/schedules/{name}/resume")
	ResponseEntity<Object> resumeSchedule(@PathVariable String name, WebRequest request) {
		return write(request, () -> this.operations.pauseSchedule(name, false));
	}

	private ResponseEntity<Object> write(WebRequest request, Supplier<?> operation) {
		return this.writes.write(request, operation);
	}

	@ExceptionHandler(TaskOperationException.class)
	ResponseEntity<Map<String, String>> refused(TaskOperationException ex) {
		return ConsoleWrites.refused(ex);
	}

	/**
	 * Redis failed mid-request: 503 with what to do, not a servlet error page. A bulk
	 * action acts in whole chunks, so repeating it finishes the rest.
	 */
	@ExceptionHandler(RedisUnavailableException.class)
	ResponseEntity<Map<String, String>> redisUnavailable(RedisUnavailableException ex) {
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.body(Map.of("message", "Redis is unavailable (" + ex.getMessage()
					+ "); nothing is half-done: each task was acted on or left as it was, so repeat the request"));
	}

}
