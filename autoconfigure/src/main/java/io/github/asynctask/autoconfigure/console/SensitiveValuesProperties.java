package io.github.asynctask.autoconfigure.console;

import java.util.LinkedHashSet;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Who sees the data tasks carry (arguments, headers, error messages, kept results) in the
 * {@code asynctask} endpoint and the web console, as Spring Boot's {@code env} endpoint
 * does for property values.
 */
@ConfigurationProperties("management.endpoint.asynctask")
public class SensitiveValuesProperties {

	/**
	 * When task arguments, headers, error messages and results are shown; masked as
	 * ****** otherwise.
	 */
	private Show showValues = Show.NEVER;

	/**
	 * Roles a signed-in user needs to see them with show-values=when-authorized; empty:
	 * any signed-in user.
	 */
	private Set<String> roles = new LinkedHashSet<>();

	public Show getShowValues() {
		return this.showValues;
	}

	public void setShowValues(Show showValues) {
		this.showValues = showValues;
	}

	public Set<String> getRoles() {
		return this.roles;
	}

	public void setRoles(Set<String> roles) {
		this.roles = roles;
	}

	/** When values are shown (Spring Boot's {@code Show}, without the actuator). */
	public enum Show {

		/** Never: always masked. */
		NEVER,

		/** To a signed-in user in one of the roles (any signed-in user without roles). */
		WHEN_AUTHORIZED,

		/** Always, to anyone who may read the endpoint or the console. */
		ALWAYS

	}

}
