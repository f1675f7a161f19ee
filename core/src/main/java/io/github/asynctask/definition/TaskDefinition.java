package io.github.asynctask.definition;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * One task method as found at start-up, with its effective options.
 *
 * @param name the stable task name stored in Redis
 * @param queue the default queue
 * @param beanName the name of the bean declaring the method
 * @param bean the bean as other beans see it (the proxy), through which the worker
 * invokes
 * @param method the annotated method as declared on the user's class
 * @param parameterTypes the generic parameter types, used to read arguments back
 * @param maxRetries retries after the first attempt
 * @param timeout longest one attempt may run
 * @param delay fixed delay before the first attempt, {@code null} for none
 * @param bizIdExpression SpEL giving the business id, {@code null} for none
 * @param dedupTtl how long a bizId is remembered
 * @param noRetryFor exception types that go straight to dead
 */
public record TaskDefinition(String name, String queue, String beanName, Object bean, Method method,
		List<Type> parameterTypes, int maxRetries, Duration timeout, @Nullable Duration delay,
		@Nullable String bizIdExpression, Duration dedupTtl, List<Class<? extends Throwable>> noRetryFor) {

	/**
	 * The version of the task's arguments, {@code @AsyncTask(version)} on the method (1
	 * unless set).
	 */
	public int version() {
		return io.github.asynctask.version.DeclaredVersion.of(this.method);
	}

	/** {@code bean.method(..)}, for messages. */
	public String describe() {
		return "'" + this.beanName + "' method " + this.method.getDeclaringClass().getSimpleName() + "."
				+ this.method.getName() + " (task '" + this.name + "')";
	}

}
