package io.github.asynctask.aop;

import java.lang.reflect.Method;
import java.util.function.Supplier;

import io.github.asynctask.definition.TaskMethods;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.submit.TaskSubmitter;
import org.aopalliance.aop.Advice;

import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractPointcutAdvisor;
import org.springframework.aop.support.StaticMethodMatcherPointcut;
import org.springframework.core.BridgeMethodResolver;
import org.springframework.util.ClassUtils;

/**
 * Advises exactly the task methods (annotated methods, or public methods of an annotated
 * type) with the submitting interceptor; the pointcut and the registry share
 * {@link TaskMethods}, so they agree on what a task is.
 */
public final class AsyncTaskAdvisor extends AbstractPointcutAdvisor {

	private final Advice advice;

	private final Pointcut pointcut = new TaskMethodPointcut();

	/**
	 * Create the advisor.
	 * @param registry the registry, resolved on first call
	 * @param submitter the submitter, resolved on first call
	 */
	public AsyncTaskAdvisor(Supplier<TaskRegistry> registry, Supplier<TaskSubmitter> submitter) {
		this.advice = new TaskMethodInterceptor(registry, submitter);
	}

	@Override
	public Advice getAdvice() {
		return this.advice;
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

	private static final class TaskMethodPointcut extends StaticMethodMatcherPointcut {

		TaskMethodPointcut() {
			setClassFilter((type) -> TaskMethods.isCandidate(ClassUtils.getUserClass(type)));
		}

		@Override
		public boolean matches(Method method, Class<?> targetClass) {
			Class<?> userClass = ClassUtils.getUserClass(targetClass);
			Method specific = BridgeMethodResolver
				.findBridgedMethod(ClassUtils.getMostSpecificMethod(method, userClass));
			return TaskMethods.attributes(specific, userClass) != null;
		}

		/**
		 * Equal to every other: it holds no state. Spring reuses a generated CGLIB proxy
		 * class for a bean whose advisors have equal pointcuts, so every application
		 * context of a JVM shares one class per task bean instead of loading its own (and
		 * invalidating the code the JIT compiled for the previous one).
		 */
		@Override
		public boolean equals(Object other) {
			return other instanceof TaskMethodPointcut;
		}

		@Override
		public int hashCode() {
			return TaskMethodPointcut.class.hashCode();
		}

	}

}
