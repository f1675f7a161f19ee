package io.github.asynctask.definition;

import java.lang.annotation.Annotation;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

import org.jspecify.annotations.Nullable;

/**
 * Finds JPA entity classes in a parameter type, by the name of their annotation: the core
 * does not depend on JPA.
 */
final class JpaEntities {

	private static final String ENTITY = "jakarta.persistence.Entity";

	private JpaEntities() {
	}

	/** The first entity class in the type, its type arguments or its array component. */
	static @Nullable Class<?> find(Type type) {
		if (type instanceof Class<?> raw) {
			return raw.isArray() ? find(raw.getComponentType()) : (isEntity(raw) ? raw : null);
		}
		if (type instanceof GenericArrayType array) {
			return find(array.getGenericComponentType());
		}
		if (type instanceof ParameterizedType parameterized) {
			for (Type argument : parameterized.getActualTypeArguments()) {
				Class<?> entity = find(argument);
				if (entity != null) {
					return entity;
				}
			}
			return find(parameterized.getRawType());
		}
		return null;
	}

	private static boolean isEntity(Class<?> type) {
		for (Annotation annotation : type.getDeclaredAnnotations()) {
			if (annotation.annotationType().getName().equals(ENTITY)) {
				return true;
			}
		}
		return false;
	}

}
