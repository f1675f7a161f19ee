package io.github.asynctask.test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Checks that a decorator hands every method of an interface, default methods included,
 * to the instance it wraps: each method is called once on a decorator of a recording
 * delegate, with sample arguments, and must reach the delegate as the same method.
 */
public final class ForwardingCheck {

	private ForwardingCheck() {
	}

	/**
	 * Fail naming every method of {@code port} that a decorator made by {@code decorate}
	 * does not pass on to its delegate.
	 * @throws AssertionError listing the methods not forwarded
	 */
	public static <T> void assertForwardsEveryMethod(Class<T> port, Function<T, ? extends T> decorate) {
		List<String> missing = new ArrayList<>();
		for (Method method : port.getMethods()) {
			if (Modifier.isStatic(method.getModifiers())) {
				continue;
			}
			List<Method> calls = new ArrayList<>();
			T decorator = decorate.apply(recording(port, calls));
			String failure = null;
			try {
				method.invoke(decorator, arguments(method.getParameterTypes()));
			}
			catch (InvocationTargetException ex) {
				failure = String.valueOf(ex.getCause());
			}
			catch (IllegalAccessException ex) {
				throw new IllegalStateException("Cannot call " + method, ex);
			}
			if (!calls.stream().anyMatch((call) -> sameSignature(call, method))) {
				missing.add(signature(method) + ((failure != null) ? " (threw " + failure + ")" : ""));
			}
		}
		if (!missing.isEmpty()) {
			throw new AssertionError(port.getSimpleName() + " methods not forwarded to the delegate: " + missing);
		}
	}

	private static <T> T recording(Class<T> port, List<Method> calls) {
		return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] { port },
				(proxy, method, args) -> switch (method.getName()) {
					case "toString" -> "recording " + port.getSimpleName();
					case "hashCode" -> System.identityHashCode(proxy);
					case "equals" -> proxy == args[0];
					default -> {
						calls.add(method);
						yield sample(method.getReturnType(), 0);
					}
				}));
	}

	private static @Nullable Object[] arguments(Class<?>[] types) {
		return Arrays.stream(types).map((type) -> sample(type, 0)).toArray();
	}

	/** A plain value of the type: empty collections, records of samples, else null. */
	private static @Nullable Object sample(Class<?> type, int depth) {
		if (type == boolean.class || type == Boolean.class) {
			return false;
		}
		if (type == int.class || type == Integer.class) {
			return 1;
		}
		if (type == long.class || type == Long.class) {
			return 1L;
		}
		if (type == double.class || type == Double.class) {
			return 1.0;
		}
		if (type == String.class) {
			return "sample";
		}
		if (type == Duration.class) {
			return Duration.ofSeconds(1);
		}
		if (type == Instant.class) {
			return Instant.EPOCH;
		}
		if (type == Set.class) {
			return Set.of();
		}
		if (type == Map.class) {
			return Map.of();
		}
		if (type == List.class || type == Collection.class || type == Iterable.class) {
			return List.of();
		}
		if (type == Optional.class) {
			return Optional.empty();
		}
		if (type.isEnum()) {
			return type.getEnumConstants()[0];
		}
		if (type.isRecord() && depth < 3) {
			return record(type, depth);
		}
		return null;
	}

	private static @Nullable Object record(Class<?> type, int depth) {
		RecordComponent[] components = type.getRecordComponents();
		Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
		Object[] values = Arrays.stream(types).map((component) -> sample(component, depth + 1)).toArray();
		try {
			return type.getDeclaredConstructor(types).newInstance(values);
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return null;
		}
	}

	private static boolean sameSignature(Method a, Method b) {
		return a.getName().equals(b.getName()) && Arrays.equals(a.getParameterTypes(), b.getParameterTypes());
	}

	private static String signature(Method method) {
		return method.getName() + Arrays.stream(method.getParameterTypes())
			.map(Class::getSimpleName)
			.toList()
			.toString()
			.replace('[', '(')
			.replace(']', ')');
	}

}
