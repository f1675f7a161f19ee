package io.github.asynctask.version;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.annotation.AsyncTask;

import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * The version a task method declares, {@code @AsyncTask(version)} on the method, 1 when
 * absent. Read once per method: every submit and fetch asks for it.
 */
public final class DeclaredVersion {

	private static final Map<Method, Integer> versions = new ConcurrentHashMap<>();

	private DeclaredVersion() {
	}

	/** The declared version of a task method. */
	public static int of(Method method) {
		return versions.computeIfAbsent(method, (key) -> {
			AsyncTask annotation = AnnotatedElementUtils.findMergedAnnotation(key, AsyncTask.class);
			return (annotation != null) ? annotation.version() : 1;
		});
	}

}
