package io.github.asynctask.context;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolderThreadLocalAccessor;
import org.springframework.security.core.context.SecurityContextImpl;

/**
 * Carries who submitted the task: of an authenticated, non-anonymous caller, the
 * {@link Authentication#getName() name} and the {@link GrantedAuthority#getAuthority()
 * authority} strings, as {@code {"name":"alice","authorities":["ROLE_USER"]}} in the
 * header {@code context.security}. Credentials, the principal object and details never
 * travel. The worker runs the body with a {@link SubmitterAuthentication} of that name
 * and those authorities in the {@code SecurityContextHolder} (so method security and
 * auditing see the caller), and clears it afterwards.
 */
public final class SecurityContextCodec extends AccessorCodec<SecurityContext> {

	public SecurityContextCodec() {
		super("security", new SecurityContextHolderThreadLocalAccessor());
	}

	@Override
	public @Nullable String encode(SecurityContext value) {
		Authentication authentication = value.getAuthentication();
		if (authentication == null || !authentication.isAuthenticated()
				|| authentication instanceof AnonymousAuthenticationToken) {
			return null;
		}
		Map<String, Object> object = new LinkedHashMap<>();
		object.put("name", authentication.getName());
		object.put("authorities",
				authentication.getAuthorities().stream().map(GrantedAuthority::getAuthority).toList());
		return JsonText.write(object);
	}

	@Override
	public SecurityContext decode(String text) {
		Map<String, Object> object = JsonText.read(text, "Security");
		if (!(object.get("name") instanceof String name) || !(object.get("authorities") instanceof List<?> names)) {
			throw new IllegalArgumentException("Security header needs \"name\" and \"authorities\": " + text);
		}
		List<SimpleGrantedAuthority> authorities = names.stream()
			.map((authority) -> new SimpleGrantedAuthority(String.valueOf(authority)))
			.toList();
		return new SecurityContextImpl(new SubmitterAuthentication(name, authorities));
	}

}
