package io.github.asynctask.definition;

import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import org.springframework.util.StringValueResolver;

/**
 * Resolves {@code ${…}} placeholders (and {@code #{…}} expressions) in the string
 * attributes of {@code @AsyncTask}, as Spring does for {@code @Scheduled}; a value that
 * cannot be resolved becomes a start-up problem naming bean, method and attribute.
 */
public final class AttributeResolver {

	/** Takes every attribute as written (no application context around). */
	public static final AttributeResolver LITERAL = new AttributeResolver((text) -> text);

	private final StringValueResolver resolver;

	/**
	 * @param resolver usually an {@code EmbeddedValueResolver} over the bean factory
	 */
	public AttributeResolver(StringValueResolver resolver) {
		this.resolver = resolver;
	}

	/**
	 * The attribute's value with placeholders resolved; a blank text is returned as is.
	 * @param where names bean and method, as problems start
	 * @return the value, or {@code null} after reporting to {@code problems} that it
	 * cannot be resolved
	 */
	public @Nullable String resolve(String where, String attribute, String text, Consumer<String> problems) {
		if (text.isBlank()) {
			return text;
		}
		String resolved;
		String reason;
		try {
			resolved = this.resolver.resolveStringValue(text);
			// a context without a strict placeholder configurer leaves unknown ones as
			// they are
			reason = "no such property";
		}
		catch (RuntimeException ex) {
			resolved = null;
			reason = ex.getMessage();
		}
		if (resolved != null && !resolved.contains("${")) {
			return resolved;
		}
		problems.accept(where + " has " + attribute + " '" + text + "' that cannot be resolved (" + reason
				+ "); define the property or give a default after a colon, e.g. '${mail.timeout:30s}'");
		return null;
	}

	/**
	 * How a problem quotes a value: as written, and what it resolved to when different.
	 */
	public static String quote(String text, String resolved) {
		return "'" + text + "'" + (text.equals(resolved) ? "" : " (resolved to '" + resolved + "')");
	}

}
