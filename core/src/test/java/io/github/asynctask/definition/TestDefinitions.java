package io.github.asynctask.definition;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Builds task definitions for methods of test classes without an application context.
 */
public final class TestDefinitions {

	private TestDefinitions() {
	}

	public static TaskDefinition of(Object bean, String methodName) {
		return of(bean, methodName, null);
	}

	public static TaskDefinition of(Object bean, String methodName, @Nullable String bizId) {
		Method method = Arrays.stream(bean.getClass().getDeclaredMethods())
			.filter((candidate) -> candidate.getName().equals(methodName))
			.findFirst()
			.orElseThrow();
		return new TaskDefinition(bean.getClass().getSimpleName() + "." + methodName, "default", "testBean", bean,
				method, List.of(method.getGenericParameterTypes()), 3, Duration.ofMinutes(1), null, bizId,
				Duration.ofHours(1), List.of());
	}

}
