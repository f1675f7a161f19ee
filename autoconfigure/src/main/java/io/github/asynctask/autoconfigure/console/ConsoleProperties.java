package io.github.asynctask.autoconfigure.console;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the web console and of what the console and the {@code asynctask} actuator
 * endpoint show.
 */
@ConfigurationProperties("async-task.console")
public class ConsoleProperties {

	/**
	 * Whether the web console is served.
	 */
	private boolean enabled = false;

	/**
	 * Path the web console is served under.
	 */
	private String path = "/asynctask";

	/**
	 * Whether the console and the endpoint show task arguments; false hides them when
	 * they may hold personal data.
	 */
	private boolean showArguments = true;

	/**
	 * Whether the console may retry and delete tasks and pause and resume queues. Protect
	 * the console path (Spring Security, with CSRF) before turning this on.
	 */
	private boolean writesEnabled = false;

	/**
	 * How often the console page refreshes itself.
	 */
	private Duration refreshInterval = Duration.ofSeconds(3);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getPath() {
		return this.path;
	}

	public void setPath(String path) {
		this.path = path;
	}

	public boolean isShowArguments() {
		return this.showArguments;
	}

	public void setShowArguments(boolean showArguments) {
		this.showArguments = showArguments;
	}

	public boolean isWritesEnabled() {
		return this.writesEnabled;
	}

	public void setWritesEnabled(boolean writesEnabled) {
		this.writesEnabled = writesEnabled;
	}

	public Duration getRefreshInterval() {
		return this.refreshInterval;
	}

	public void setRefreshInterval(Duration refreshInterval) {
		this.refreshInterval = refreshInterval;
	}

}
