package io.github.asynctask.codec;

import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.Version;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.Deserializers;
import tools.jackson.databind.deser.KeyDeserializers;
import tools.jackson.databind.exc.InvalidDefinitionException;

/**
 * Refuses to build a reader for any type whose reading from Redis content could load a
 * class or act on the JVM: Jackson reads a {@code Class} with
 * {@code Class.forName(name, true, ...)}, which runs the named class's static
 * initializer. Wherever such a type appears (parameter, element, key, bean property), the
 * start-up check fails and a payload is never read.
 */
final class ForbiddenTypes extends JacksonModule {

	private static final List<Class<?>> BASES = List.of(Class.class, ClassLoader.class, Thread.class, ThreadGroup.class,
			Runtime.class, Process.class, ProcessBuilder.class, Module.class, ModuleLayer.class, JavaType.class);

	private static final Set<String> PACKAGES = Set.of("java.lang.reflect", "java.lang.invoke");

	static boolean isForbidden(Class<?> type) {
		return BASES.stream().anyMatch((base) -> base.isAssignableFrom(type))
				|| PACKAGES.contains(type.getPackageName());
	}

	/** What is wrong with a forbidden type and the fix, as a sentence after its name. */
	static String describe(Class<?> forbidden) {
		return forbidden.getName() + ", which is never read from Redis content: reading it could load a class named "
				+ "there (running its static initializer) or act on the JVM; pass a name or id (a String or an enum) "
				+ "instead and map it to the class or object in the task body, from a fixed list";
	}

	@Override
	public String getModuleName() {
		return "async-task-forbidden-types";
	}

	@Override
	public Version version() {
		return Version.unknownVersion();
	}

	@Override
	public void setupModule(SetupContext context) {
		context.addDeserializers(new Deserializers.Base() {

			@Override
			public @Nullable ValueDeserializer<?> findBeanDeserializer(JavaType type, DeserializationConfig config,
					BeanDescription.Supplier description) {
				return refuse(type);
			}

			@Override
			public boolean hasDeserializerFor(DeserializationConfig config, Class<?> valueType) {
				return isForbidden(valueType);
			}

		});
		context.addKeyDeserializers(new KeyDeserializers() {

			@Override
			public @Nullable KeyDeserializer findKeyDeserializer(JavaType type, DeserializationConfig config,
					BeanDescription.Supplier description) {
				return refuse(type);
			}

		});
	}

	private static <T> @Nullable T refuse(JavaType type) {
		if (isForbidden(type.getRawClass())) {
			throw new ForbiddenTypeException(type);
		}
		return null;
	}

	/** A forbidden type was met while building a reader; names the type. */
	static final class ForbiddenTypeException extends InvalidDefinitionException {

		private final Class<?> forbidden;

		ForbiddenTypeException(JavaType type) {
			super((JsonParser) null, "Refused " + describe(type.getRawClass()), type);
			this.forbidden = type.getRawClass();
		}

		Class<?> forbidden() {
			return this.forbidden;
		}

	}

}
