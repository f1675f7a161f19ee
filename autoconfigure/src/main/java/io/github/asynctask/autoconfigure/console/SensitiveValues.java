package io.github.asynctask.autoconfigure.console;

import java.security.Principal;
import java.util.Collection;
import java.util.Set;
import java.util.function.Predicate;

import io.github.asynctask.autoconfigure.console.SensitiveValuesProperties.Show;
import org.jspecify.annotations.Nullable;

/**
 * Decides, per request, whether the reader sees the data tasks carry, and masks it as
 * {@value #MASK} when not (see {@link SensitiveValuesProperties}). The caller passes the
 * request's user and role test (the servlet request's, or the actuator's security
 * context), so no compile dependency on Spring Security or the actuator is needed.
 */
public final class SensitiveValues {

	/** What a hidden value reads as. */
	public static final String MASK = "******";

	/** Never shown: the default. */
	public static final SensitiveValues NEVER = new SensitiveValues(Show.NEVER, Set.of());

	private final Show show;

	private final Set<String> roles;

	public SensitiveValues(Show show, Collection<String> roles) {
		this.show = show;
		this.roles = Set.copyOf(roles);
	}

	/** The setting of {@code management.endpoint.asynctask.*}. */
	public static SensitiveValues of(SensitiveValuesProperties properties) {
		return new SensitiveValues(properties.getShowValues(), properties.getRoles());
	}

	/** Whether {@code user} (null: not signed in) sees the values. */
	public boolean shown(@Nullable Principal user, Predicate<String> inRole) {
		return switch (this.show) {
			case NEVER -> false;
			case ALWAYS -> true;
			case WHEN_AUTHORIZED -> user != null && (this.roles.isEmpty() || this.roles.stream().anyMatch(inRole));
		};
	}

	/**
	 * The document as {@code user} may read it: as it is, or with its task data masked
	 * (documents without task data are returned as they are).
	 */
	public Object forReader(Object document, @Nullable Principal user, Predicate<String> inRole) {
		return shown(user, inRole) ? document : MaskedViews.mask(document);
	}

}
