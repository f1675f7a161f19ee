package io.github.asynctask.definition;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import io.github.asynctask.QueueName;
import org.jspecify.annotations.Nullable;

import org.springframework.expression.ParseException;

/**
 * Builds the definitions of one bean's task methods, collecting every problem (return
 * type, modifiers, durations, bizId SpEL, queue name, unresolvable placeholders) as a
 * sentence naming bean and method, instead of stopping at the first.
 */
final class TaskDefinitionFactory {

	private final TaskDefaults defaults;

	private final BizIdEvaluator bizIds;

	TaskDefinitionFactory(TaskDefaults defaults, BizIdEvaluator bizIds) {
		this.defaults = defaults;
		this.bizIds = bizIds;
	}

	List<TaskDefinition> create(String beanName, Object bean, Class<?> userClass, AttributeResolver resolver,
			Consumer<String> problems) {
		List<TaskDefinition> definitions = new ArrayList<>();
		for (Map.Entry<Method, TaskAttributes> entry : TaskMethods.select(userClass).entrySet()) {
			TaskDefinition definition = create(beanName, bean, userClass, entry.getKey(), entry.getValue(), resolver,
					problems);
			if (definition != null) {
				definitions.add(definition);
			}
		}
		return definitions;
	}

	private @Nullable TaskDefinition create(String beanName, Object bean, Class<?> userClass, Method method,
			TaskAttributes attributes, AttributeResolver resolver, Consumer<String> problems) {
		String where = "Bean '" + beanName + "' method " + userClass.getSimpleName() + "." + method.getName()
				+ Arrays.stream(method.getParameterTypes())
					.map(Class::getSimpleName)
					.collect(Collectors.joining(", ", "(", ")"));
		List<String> found = new ArrayList<>();
		if (method.getReturnType() != void.class
				&& method.getReturnType() != java.util.concurrent.CompletableFuture.class) {
			found.add(where + " returns " + method.getGenericReturnType().getTypeName()
					+ "; a task method must return void or CompletableFuture<T> because its body runs later on a "
					+ "worker");
		}
		int modifiers = method.getModifiers();
		if (!Modifier.isPublic(modifiers) || Modifier.isStatic(modifiers) || Modifier.isFinal(modifiers)) {
			found.add(where + " is " + Modifier.toString(modifiers)
					+ "; a task method must be public, non-static and non-final so the proxy can intercept it");
		}
		String name = attributes.name().isEmpty() ? userClass.getSimpleName() + "." + method.getName()
				: attributes.name();
		String queueText = resolver.resolve(where, "queue", attributes.queue(), found::add);
		String queue = (queueText == null || queueText.isEmpty()) ? this.defaults.queue() : queueText;
		try {
			QueueName.check(queue);
		}
		catch (IllegalArgumentException ex) {
			found.add(where + " has an invalid queue: " + ex.getMessage());
		}
		if (attributes.maxRetries() < -1) {
			found.add(where + " has maxRetries = " + attributes.maxRetries() + "; use 0 or more (0: never retry)");
		}
		int maxRetries = (attributes.maxRetries() >= 0) ? attributes.maxRetries() : this.defaults.maxRetries();
		Duration timeout = duration(where, "timeout", attributes.timeout(), this.defaults.timeout(), resolver, found);
		if (timeout.isZero() || timeout.isNegative()) {
			found.add(where + " has timeout '" + attributes.timeout() + "'; it must be positive");
		}
		Duration delay = duration(where, "delay", attributes.delay(), null, resolver, found);
		Duration dedupTtl = duration(where, "dedupTtl", attributes.dedupTtl(), this.defaults.dedupTtl(), resolver,
				found);
		String bizId = attributes.bizId().isBlank() ? null : attributes.bizId();
		if (bizId != null) {
			try {
				this.bizIds.parse(bizId);
			}
			catch (ParseException ex) {
				found.add(where + " has bizId '" + bizId + "' that is not valid SpEL (" + ex.getMessage()
						+ "); refer to parameters as #name, #p0 or #a0");
			}
		}
		found.forEach(problems);
		if (!found.isEmpty()) {
			return null;
		}
		return new TaskDefinition(name, queue, beanName, bean, method, List.of(method.getGenericParameterTypes()),
				maxRetries, timeout, delay, bizId, dedupTtl, attributes.noRetryFor());
	}

	@SuppressWarnings("NullAway")
	private static Duration duration(String where, String attribute, String text, @Nullable Duration fallback,
			AttributeResolver resolver, List<String> found) {
		String value = resolver.resolve(where, attribute, text, found::add);
		if (value == null) {
			return Duration.ofSeconds(1);
		}
		if (value.isBlank()) {
			return fallback;
		}
		try {
			return Durations.parse(value);
		}
		catch (IllegalArgumentException ex) {
			found.add(where + " has " + attribute + " " + AttributeResolver.quote(text, value)
					+ " that is not a duration; " + Durations.ACCEPTED);
			return Duration.ofSeconds(1);
		}
	}

}
