package io.github.asynctask.autoconfigure.endpoint;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.autoconfigure.console.BatchViews;
import io.github.asynctask.autoconfigure.console.WriteAccess;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;

/**
 * The {@code asynctaskbatches} actuator endpoint: the recent batches ({@code GET
 * /actuator/asynctaskbatches}), a batch's progress ({@code GET
 * /actuator/asynctaskbatches/{id}}: state, counts, created and ended times, and its
 * newest dead children with their errors, as the console's batch page shows them) and its
 * cancel ({@code POST /actuator/asynctaskbatches/{id}} with {@code {"action":"cancel"}},
 * for the console's write role). Its own id: the {@code asynctask} endpoint's two-segment
 * paths are a queue and a task id.
 */
@WebEndpoint(id = "asynctaskbatches", defaultAccess = Access.READ_ONLY)
public class AsyncTaskBatchEndpoint {

	private final AsyncTaskTemplate template;

	private final WriteAccess access;

	private final @Nullable BatchViews views;

	public AsyncTaskBatchEndpoint(AsyncTaskTemplate template, WriteAccess access) {
		this(template, access, null);
	}

	/** With {@code views}, the list of recent batches and each batch's dead children. */
	public AsyncTaskBatchEndpoint(AsyncTaskTemplate template, WriteAccess access, @Nullable BatchViews views) {
		this.template = template;
		this.access = access;
		this.views = views;
	}

	/** The recent batches, newest first (the console's batch list). */
	@ReadOperation
	public WebEndpointResponse<Object> batches() {
		if (this.views == null) {
			return refused("The list of batches needs the console's batch views", 404);
		}
		return new WebEndpointResponse<>(this.views.recent(0, 50));
	}

	/** A batch's progress; 404 when there is no such batch, 400 for a malformed id. */
	@ReadOperation
	public WebEndpointResponse<Object> batch(@Selector String id) {
		try {
			Optional<?> batch = (this.views != null) ? this.views.detail(id) : this.template.findBatch(id);
			return batch.<WebEndpointResponse<Object>>map(WebEndpointResponse::new)
				.orElseGet(() -> new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND));
		}
		catch (IllegalArgumentException ex) {
			return refused(String.valueOf(ex.getMessage()), WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}

	/** {@code cancel}: 200 with whether it was cancelled (false: ended or unknown). */
	@WriteOperation
	public WebEndpointResponse<Object> batchAction(SecurityContext security, @Selector String id,
			@Nullable String action) {
		if (!this.access.allows(security.getPrincipal(), security::isUserInRole)) {
			return refused("Cancelling a batch needs the console's write role", 403);
		}
		if (action == null || !"cancel".equals(action.toLowerCase(Locale.ROOT))) {
			return refused("Unknown batch action '" + action + "'; the one action is cancel",
					WebEndpointResponse.STATUS_BAD_REQUEST);
		}
		try {
			return new WebEndpointResponse<>(Map.of("cancelled", this.template.cancelBatch(id)));
		}
		catch (IllegalArgumentException ex) {
			return refused(String.valueOf(ex.getMessage()), WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}

	/**
	 * A refusal as the {@code asynctask} endpoint words one: {@code {"message": ...}}.
	 */
	private static WebEndpointResponse<Object> refused(String message, int status) {
		return new WebEndpointResponse<>(Map.of("message", message), status);
	}

}
