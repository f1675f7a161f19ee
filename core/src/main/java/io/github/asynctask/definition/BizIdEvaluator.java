package io.github.asynctask.definition;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.expression.EvaluationException;
import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;

/**
 * Evaluates the {@code bizId} SpEL of a task over a call's arguments ({@code #name},
 * {@code #p0}, {@code #a0}), as Spring's cache annotations do. Expressions are parsed
 * once and cached by their text.
 */
public final class BizIdEvaluator {

	private final ExpressionParser parser = new SpelExpressionParser();

	private final ParameterNameDiscoverer parameterNames = new DefaultParameterNameDiscoverer();

	private final Map<String, Expression> expressions = new ConcurrentHashMap<>();

	/**
	 * Parse an expression, for start-up validation.
	 * @throws ParseException when it is not valid SpEL
	 */
	public void parse(String expression) {
		this.expressions.computeIfAbsent(expression, this.parser::parseExpression);
	}

	/**
	 * The business id of this call, or {@code null} when the task has no bizId expression
	 * or it yields {@code null}.
	 * @throws IllegalArgumentException naming the task when the expression fails
	 */
	public @Nullable String evaluate(TaskDefinition definition, @Nullable Object[] args) {
		String text = definition.bizIdExpression();
		if (text == null) {
			return null;
		}
		return evaluate(text, "bizId", definition, args);
	}

	/**
	 * The value of another of the task's expressions (a concurrency key) over this call,
	 * or {@code null} when it yields {@code null}.
	 * @param text the expression
	 * @param attribute the annotation attribute it came from, for the message
	 * @throws IllegalArgumentException naming the task when the expression fails
	 */
	public @Nullable String evaluate(String text, String attribute, TaskDefinition definition,
			@Nullable Object[] args) {
		Expression expression = this.expressions.computeIfAbsent(text, this.parser::parseExpression);
		MethodBasedEvaluationContext context = new MethodBasedEvaluationContext(new Root(definition.name(), args),
				definition.method(), args, this.parameterNames);
		try {
			Object value = expression.getValue(context);
			return (value != null) ? value.toString() : null;
		}
		catch (EvaluationException ex) {
			throw new IllegalArgumentException(attribute + " expression '" + text + "' of " + definition.describe()
					+ " failed on the call's arguments: " + ex.getMessage(), ex);
		}
	}

	/**
	 * The root object of the expression: {@code name} and {@code args} of the call.
	 *
	 * @param name the task name
	 * @param args the arguments
	 */
	public record Root(String name, @Nullable Object[] args) {

	}

}
