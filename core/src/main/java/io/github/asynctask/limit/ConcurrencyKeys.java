package io.github.asynctask.limit;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskDefinitionCheck;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.expression.ParseException;

/**
 * The {@code concurrencyKey} and {@code maxConcurrency} of {@code @AsyncTask}: checked at
 * start-up, and evaluated over each call's arguments at submit (with the bizId's SpEL
 * rules).
 */
public final class ConcurrencyKeys implements TaskDefinitionCheck {

	private static final Logger logger = LoggerFactory.getLogger(ConcurrencyKeys.class);

	private final BizIdEvaluator expressions;

	/** Each task method's merged annotation, looked up once: every submit asks. */
	private final Map<Method, Optional<AsyncTask>> annotations = new ConcurrentHashMap<>();

	public ConcurrencyKeys(BizIdEvaluator expressions) {
		this.expressions = expressions;
	}

	@Override
	public List<String> problems(TaskDefinition definition) {
		AsyncTask annotation = annotation(definition);
		if (annotation == null) {
			return List.of();
		}
		List<String> problems = new ArrayList<>();
		String key = annotation.concurrencyKey();
		int max = annotation.maxConcurrency();
		if (key.isEmpty() && max != 0) {
			problems.add(definition.describe() + ": maxConcurrency = " + max
					+ " needs a concurrencyKey (e.g. concurrencyKey = \"#tenantId\") "
					+ "saying whose tasks it limits");
		}
		if (!key.isEmpty() && max < 1) {
			problems.add(definition.describe() + ": concurrencyKey '" + key
					+ "' needs maxConcurrency of at least 1 but it is " + max);
		}
		if (!key.isEmpty() && annotation.after().length > 0) {
			problems.add(definition.describe() + ": concurrencyKey cannot be combined with after yet (a waiting "
					+ "task would be released without its key); drop one of them");
		}
		if (!key.isEmpty()) {
			try {
				this.expressions.parse(key);
			}
			catch (ParseException ex) {
				problems.add(
						definition.describe() + ": concurrencyKey '" + key + "' is not valid SpEL: " + ex.getMessage());
			}
		}
		return problems;
	}

	/**
	 * The key of this call and its limit, or {@code null} when the task has none or the
	 * expression yields {@code null} (the call then runs unkeyed, logged at DEBUG).
	 */
	public @Nullable Limit evaluate(TaskDefinition definition, @Nullable Object[] args) {
		AsyncTask annotation = this.annotations
			.computeIfAbsent(definition.method(), (method) -> Optional.ofNullable(annotation(definition)))
			.orElse(null);
		if (annotation == null || annotation.concurrencyKey().isEmpty()) {
			return null;
		}
		String key = this.expressions.evaluate(annotation.concurrencyKey(), "concurrencyKey", definition, args);
		if (key == null) {
			logger.debug("concurrencyKey '{}' of {} yielded null; this call runs without a key",
					annotation.concurrencyKey(), definition.describe());
			return null;
		}
		return new Limit(key, annotation.maxConcurrency());
	}

	private static @Nullable AsyncTask annotation(TaskDefinition definition) {
		return AnnotatedElementUtils.findMergedAnnotation(definition.method(), AsyncTask.class);
	}

	/**
	 * One call's concurrency key.
	 *
	 * @param key the key
	 * @param max how many tasks of the key may run at once
	 */
	public record Limit(String key, int max) {
	}

}
