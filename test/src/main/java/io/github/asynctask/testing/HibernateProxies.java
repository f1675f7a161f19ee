package io.github.asynctask.testing;

import java.lang.reflect.Method;

import org.jspecify.annotations.Nullable;

/**
 * Reaches the entity behind a Hibernate proxy (whose own fields are empty) by reflection,
 * so that this module needs no Hibernate: what the codec wrote through the proxy's
 * getters is compared with the entity's state.
 */
final class HibernateProxies {

	private static final String PROXY = "org.hibernate.proxy.HibernateProxy";

	private HibernateProxies() {
	}

	static @Nullable Object unwrap(@Nullable Object value) {
		if (value == null || !isProxy(value.getClass())) {
			return value;
		}
		try {
			Method initializer = value.getClass().getMethod("getHibernateLazyInitializer");
			Object lazy = initializer.invoke(value);
			return lazy.getClass().getMethod("getImplementation").invoke(lazy);
		}
		catch (ReflectiveOperationException ex) {
			return value;
		}
	}

	private static boolean isProxy(Class<?> type) {
		for (Class<?> current = type; current != null; current = current.getSuperclass()) {
			for (Class<?> implemented : current.getInterfaces()) {
				if (implemented.getName().equals(PROXY)) {
					return true;
				}
			}
		}
		return false;
	}

}
