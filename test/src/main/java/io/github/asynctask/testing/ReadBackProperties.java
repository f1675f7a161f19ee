package io.github.asynctask.testing;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

import org.springframework.util.StringUtils;

/**
 * The fields of a type that {@link ReadBackDifference} compares: every instance field of
 * the type and its superclasses but those the codec is told to leave out, found by the
 * names of Jackson's annotations (this module does not depend on them): transient fields,
 * {@code @JsonIgnore} on the field or its getter, {@code @JsonBackReference},
 * {@code @JsonIgnoreProperties} of the class, {@code @JsonProperty(access =
 * READ_ONLY|WRITE_ONLY)} and types marked {@code @JsonIgnoreType}.
 */
final class ReadBackProperties {

	private static final String ENTITY = "jakarta.persistence.Entity";

	private static final Map<Class<?>, List<Property>> cache = new ConcurrentHashMap<>();

	private ReadBackProperties() {
	}

	static List<Property> of(Class<?> type) {
		return cache.computeIfAbsent(type, ReadBackProperties::find);
	}

	/**
	 * Whether the type, or the entity class a proxy extends, is a JPA {@code @Entity}.
	 */
	static boolean isEntity(Class<?> type) {
		for (Class<?> current = type; current != null; current = current.getSuperclass()) {
			for (Annotation annotation : current.getDeclaredAnnotations()) {
				if (annotation.annotationType().getName().equals(ENTITY)) {
					return true;
				}
			}
		}
		return false;
	}

	private static List<Property> find(Class<?> type) {
		List<String> ignoredByClass = new ArrayList<>();
		List<Property> properties = new ArrayList<>();
		for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
			Annotation ignoreProperties = jackson(current, "JsonIgnoreProperties");
			if (ignoreProperties != null && attribute(ignoreProperties, "value") instanceof String[] names) {
				ignoredByClass.addAll(Arrays.asList(names));
			}
			for (Field field : current.getDeclaredFields()) {
				if (isCompared(field) && field.trySetAccessible()) {
					properties.add(new Property(field.getName(), field));
				}
			}
		}
		properties.removeIf((property) -> ignoredByClass.contains(property.name()));
		return List.copyOf(properties);
	}

	private static boolean isCompared(Field field) {
		int modifiers = field.getModifiers();
		if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.isSynthetic()) {
			return false;
		}
		if (jackson(field.getType(), "JsonIgnoreType") != null) {
			return false;
		}
		return !isLeftOut(field) && !isLeftOut(getter(field));
	}

	private static boolean isLeftOut(@Nullable AnnotatedElement element) {
		if (element == null) {
			return false;
		}
		Annotation ignore = jackson(element, "JsonIgnore");
		if (ignore != null && !Boolean.FALSE.equals(attribute(ignore, "value"))) {
			return true;
		}
		if (jackson(element, "JsonBackReference") != null) {
			return true;
		}
		Annotation property = jackson(element, "JsonProperty");
		Object access = (property != null) ? attribute(property, "access") : null;
		return access != null && (access.toString().equals("READ_ONLY") || access.toString().equals("WRITE_ONLY"));
	}

	private static @Nullable Method getter(Field field) {
		String suffix = StringUtils.capitalize(field.getName());
		for (String name : List.of("get" + suffix, "is" + suffix)) {
			try {
				return field.getDeclaringClass().getDeclaredMethod(name);
			}
			catch (NoSuchMethodException ex) {
				// try the next name
			}
		}
		return null;
	}

	private static @Nullable Annotation jackson(AnnotatedElement element, String simpleName) {
		for (Annotation annotation : element.getAnnotations()) {
			Class<? extends Annotation> type = annotation.annotationType();
			if (type.getSimpleName().equals(simpleName) && type.getPackageName().contains("jackson")) {
				return annotation;
			}
		}
		return null;
	}

	private static @Nullable Object attribute(Annotation annotation, String name) {
		try {
			return annotation.annotationType().getMethod(name).invoke(annotation);
		}
		catch (ReflectiveOperationException ex) {
			return null;
		}
	}

	/** One compared field, read by reflection. */
	record Property(String name, Field field) {

		@Nullable Object read(Object target) {
			try {
				return this.field.get(target);
			}
			catch (IllegalAccessException ex) {
				throw new IllegalStateException("Cannot read " + this.field, ex);
			}
		}

	}

}
