package io.github.asynctask.autoconfigure.console;

import java.security.Principal;
import java.util.function.Predicate;

import io.github.asynctask.autoconfigure.console.TaskOperationException.Reason;
import org.jspecify.annotations.Nullable;

/**
 * Who may retry, delete, pause and resume through the console and the {@code asynctask}
 * endpoint: an authenticated user in {@code async-task.console.write-role}. The caller
 * passes the request's user and role test (the servlet request's, or the actuator's
 * security context), so no compile dependency on Spring Security is needed; with Spring
 * Security, a role {@code X} is the authority {@code ROLE_X}.
 */
public final class WriteAccess {

	private final String role;

	/**
	 * Check writes against {@code role}; an empty role leaves the check to the
	 * application's own security.
	 */
	public WriteAccess(String role) {
		this.role = role.strip();
	}

	/** Whether {@code user} may write, for the page to show or hide its buttons. */
	public boolean allows(@Nullable Principal user, Predicate<String> inRole) {
		return this.role.isEmpty() || (user != null && inRole.test(this.role));
	}

	/**
	 * Refuse the write unless {@code user} is present and in the role.
	 * @throws TaskOperationException with {@link Reason#UNAUTHORIZED} when there is no
	 * user, {@link Reason#FORBIDDEN} when the user lacks the role
	 */
	public void check(@Nullable Principal user, Predicate<String> inRole) {
		if (this.role.isEmpty()) {
			return;
		}
		if (user == null) {
			throw new TaskOperationException(Reason.UNAUTHORIZED, "Writes need an authenticated user with role '"
					+ this.role + "' (async-task.console.write-role); sign in first");
		}
		if (!inRole.test(this.role)) {
			throw new TaskOperationException(Reason.FORBIDDEN, "User '" + user.getName() + "' lacks role '" + this.role
					+ "' needed for writes (async-task.console.write-role)");
		}
	}

}
