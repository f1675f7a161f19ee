package io.github.asynctask.definition;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;

import io.github.asynctask.annotation.AsyncTask;
import org.jspecify.annotations.Nullable;

import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;

/**
 * Decides which methods of a class are tasks, for both the scanner and the proxy's
 * pointcut, so the two can never disagree: a method annotated itself, or a public
 * instance method of an annotated type (methods of {@code Object} excluded).
 */
public final class TaskMethods {

	private TaskMethods() {
	}

	/** Whether the class may declare tasks at all (cheap pre-check). */
	public static boolean isCandidate(Class<?> type) {
		return AnnotationUtils.isCandidateClass(type, AsyncTask.class)
				&& (AnnotatedElementUtils.hasAnnotation(type, AsyncTask.class) || !select(type).isEmpty());
	}

	/** Every task method of the class with its effective annotation attributes. */
	public static Map<Method, TaskAttributes> select(Class<?> type) {
		return MethodIntrospector.selectMethods(type,
				(MethodIntrospector.MetadataLookup<TaskAttributes>) (method) -> attributes(method, type));
	}

	/**
	 * The effective attributes when the method (as declared on the user class) is a task,
	 * else {@code null}.
	 */
	public static @Nullable TaskAttributes attributes(Method method, Class<?> targetClass) {
		if (method.isBridge() || method.isSynthetic() || method.getDeclaringClass() == Object.class) {
			return null;
		}
		AsyncTask onMethod = AnnotatedElementUtils.findMergedAnnotation(method, AsyncTask.class);
		AsyncTask onType = AnnotatedElementUtils.findMergedAnnotation(targetClass, AsyncTask.class);
		if (onMethod == null && (onType == null || !isTypeLevelCandidate(method))) {
			return null;
		}
		return TaskAttributes.merge(onType, onMethod);
	}

	private static boolean isTypeLevelCandidate(Method method) {
		int modifiers = method.getModifiers();
		return Modifier.isPublic(modifiers) && !Modifier.isStatic(modifiers);
	}

}
