package io.github.asynctask.definition;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.annotation.AsyncTask;
import org.jspecify.annotations.Nullable;

import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * The {@code debounce} of {@code @AsyncTask}: checked at start-up (a window, a bizId, no
 * {@code after}), and read at submit, where it turns the bizId's dedup into
 * last-submit-wins.
 */
public final class Debounces implements TaskDefinitionCheck {

	/** Each task method's window, looked up once: every submit asks. */
	private final Map<Method, Optional<Duration>> windows = new ConcurrentHashMap<>();

	@Override
	public List<String> problems(TaskDefinition definition) {
		AsyncTask annotation = annotation(definition.method());
		if (annotation == null || annotation.debounce().isEmpty()) {
			return List.of();
		}
		List<String> problems = new ArrayList<>();
		String text = annotation.debounce();
		try {
			Duration window = Durations.parse(text);
			if (window.toMillis() < 1) {
				problems.add(definition.describe() + ": debounce '" + text + "' must be at least 1ms");
			}
		}
		catch (IllegalArgumentException ex) {
			problems.add(definition.describe() + ": debounce '" + text + "' is not a duration; " + Durations.ACCEPTED);
		}
		if (definition.bizIdExpression() == null) {
			problems.add(definition.describe() + ": debounce '" + text + "' needs a bizId saying which submits "
					+ "replace each other (e.g. bizId = \"#documentId\")");
		}
		if (annotation.after().length > 0) {
			problems.add(definition.describe() + ": debounce cannot be combined with after (a debounced task is "
					+ "rescheduled by later submits while it waits); drop one of them");
		}
		return problems;
	}

	/** The task's debounce window, or {@code null} when it has none. */
	public @Nullable Duration window(TaskDefinition definition) {
		return this.windows.computeIfAbsent(definition.method(), (method) -> {
			AsyncTask annotation = annotation(method);
			if (annotation == null || annotation.debounce().isEmpty()) {
				return Optional.empty();
			}
			return Optional.of(Durations.parse(annotation.debounce()));
		}).orElse(null);
	}

	private static @Nullable AsyncTask annotation(Method method) {
		return AnnotatedElementUtils.findMergedAnnotation(method, AsyncTask.class);
	}

}
