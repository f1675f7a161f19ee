package io.github.asynctask.codec;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.AbstractDeserializer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks at start-up that Jackson can read every parameter type of a task back: a
 * deserializer can be built, neither the type nor any element, key or referenced type is
 * abstract without type information (which would fail only when a worker reads it), and
 * no type that loads classes ({@link ForbiddenTypes}) appears anywhere inside.
 */
final class TypeChecker {

	private final JsonMapper mapper;

	TypeChecker(JsonMapper mapper) {
		this.mapper = mapper;
	}

	List<String> problems(TaskDefinition definition, JavaType[] types) {
		List<String> problems = new ArrayList<>();
		for (int i = 0; i < types.length; i++) {
			String parameter = "Bean '" + definition.beanName() + "' method "
					+ definition.method().getDeclaringClass().getSimpleName() + "." + definition.method().getName()
					+ " parameter " + i + " ('" + definition.method().getParameters()[i].getName() + "', "
					+ definition.parameterTypes().get(i).getTypeName() + ")";
			try {
				String problem = problem(types[i]);
				if (problem != null) {
					problems.add(parameter + " cannot be read back by Jackson: " + problem
							+ "; use a concrete type such as a record, or annotate the type for Jackson");
				}
			}
			catch (ForbiddenTypes.ForbiddenTypeException ex) {
				problems.add(parameter + " holds " + ForbiddenTypes.describe(ex.forbidden()));
			}
		}
		return problems;
	}

	/**
	 * Problems of the result type {@code T} of a method returning
	 * {@code CompletableFuture<T>}: Jackson must write it on the worker and read it back
	 * on the caller.
	 */
	List<String> resultProblems(TaskDefinition definition, JavaType type) {
		String where = "Bean '" + definition.beanName() + "' method "
				+ definition.method().getDeclaringClass().getSimpleName() + "." + definition.method().getName()
				+ " result type " + type.toCanonical();
		List<String> problems = new ArrayList<>();
		try {
			if (!type.hasRawClass(Object.class) && this.mapper._serializationContext()
				.findValueSerializer(type)
				.getClass()
				.getSimpleName()
				.equals("UnknownSerializer")) {
				problems.add(where + " cannot be written by Jackson: it has no properties Jackson can see; use a "
						+ "record or a type with getters");
			}
			String problem = problem(type);
			if (problem != null) {
				problems.add(where + " cannot be read back by Jackson: " + problem);
			}
		}
		catch (ForbiddenTypes.ForbiddenTypeException ex) {
			problems.add(where + " holds " + ForbiddenTypes.describe(ex.forbidden()));
		}
		catch (JacksonException | IllegalArgumentException ex) {
			problems.add(where + " cannot be written by Jackson: " + ex.getMessage());
		}
		return problems;
	}

	/**
	 * What keeps Jackson from reading this type back, or null.
	 * @throws ForbiddenTypes.ForbiddenTypeException when a forbidden type is inside
	 */
	private @Nullable String problem(JavaType type) {
		if (type.hasRawClass(Object.class)) {
			return null;
		}
		try {
			ValueDeserializer<Object> deserializer = this.mapper._deserializationContext()
				.findRootValueDeserializer(type);
			if (deserializer instanceof AbstractDeserializer) {
				return type.getRawClass().getName() + " is abstract and has no @JsonTypeInfo";
			}
		}
		catch (JacksonException | IllegalArgumentException ex) {
			ForbiddenTypes.ForbiddenTypeException forbidden = forbidden(ex);
			if (forbidden != null) {
				throw forbidden;
			}
			return ex.getMessage();
		}
		for (JavaType inner : new JavaType[] { type.getContentType(), type.getKeyType(), type.getReferencedType() }) {
			if (inner != null) {
				String problem = problem(inner);
				if (problem != null) {
					return problem;
				}
			}
		}
		return null;
	}

	private static ForbiddenTypes.@Nullable ForbiddenTypeException forbidden(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof ForbiddenTypes.ForbiddenTypeException forbidden) {
				return forbidden;
			}
		}
		return null;
	}

}
