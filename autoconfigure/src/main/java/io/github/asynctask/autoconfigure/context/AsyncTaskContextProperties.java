package io.github.asynctask.autoconfigure.context;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which context of the submitting thread travels with a task to its run.
 */
@ConfigurationProperties("async-task.context")
public class AsyncTaskContextProperties {

	/**
	 * Whether context values travel with tasks (needs io.micrometer:context-propagation).
	 */
	private boolean enabled = true;

	/** SLF4J MDC keys whose values travel with tasks, for example a request id. */
	private List<String> mdcKeys = new ArrayList<>();

	/**
	 * Whether the locale and time zone of Spring's LocaleContextHolder travel with tasks.
	 */
	private boolean locale = true;

	/** Whether the Spring Security user's name and authorities travel with tasks. */
	private boolean security = true;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public List<String> getMdcKeys() {
		return this.mdcKeys;
	}

	public void setMdcKeys(List<String> mdcKeys) {
		this.mdcKeys = mdcKeys;
	}

	public boolean isLocale() {
		return this.locale;
	}

	public void setLocale(boolean locale) {
		this.locale = locale;
	}

	public boolean isSecurity() {
		return this.security;
	}

	public void setSecurity(boolean security) {
		this.security = security;
	}

}
