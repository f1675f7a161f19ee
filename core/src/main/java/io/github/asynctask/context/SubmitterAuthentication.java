package io.github.asynctask.context;

import java.util.Collection;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;

/**
 * The submitting user as a task body sees it in the {@code SecurityContextHolder}: the
 * name and authorities the caller was authenticated with when it submitted the task,
 * rebuilt from the task's headers. It holds no credentials and no principal object (only
 * the name), and is trusted because the task was read from the application's own Redis.
 */
public final class SubmitterAuthentication extends AbstractAuthenticationToken {

	private final String name;

	/**
	 * @param name the submitting user's name
	 * @param authorities the authorities they held
	 */
	public SubmitterAuthentication(String name, Collection<? extends GrantedAuthority> authorities) {
		super(authorities);
		this.name = name;
		setAuthenticated(true);
	}

	@Override
	public Object getCredentials() {
		return "";
	}

	@Override
	public Object getPrincipal() {
		return this.name;
	}

	@Override
	public String getName() {
		return this.name;
	}

}
