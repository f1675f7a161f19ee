package io.github.asynctask.aop;

import java.lang.reflect.Method;
import java.util.Optional;
import java.util.function.Supplier;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskMethods;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.submit.TaskSubmitter;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.core.BridgeMethodResolver;
import org.springframework.util.ClassUtils;

/**
 * Turns a call of a task method into a submit and returns {@code null} (task methods are
 * void). A call the worker marked with the one-invocation bypass proceeds to the body;
 * inside {@code AsyncTaskTemplate.submit} the call is only captured.
 */
final class TaskMethodInterceptor implements MethodInterceptor {

	private final Supplier<TaskRegistry> registry;

	private final Supplier<TaskSubmitter> submitter;

	TaskMethodInterceptor(Supplier<TaskRegistry> registry, Supplier<TaskSubmitter> submitter) {
		this.registry = registry;
		this.submitter = submitter;
	}

	@Override
	public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
		Object target = invocation.getThis();
		Class<?> targetClass = (target != null) ? AopProxyUtils.ultimateTargetClass(target) : null;
		Method method = BridgeMethodResolver
			.findBridgedMethod(ClassUtils.getMostSpecificMethod(invocation.getMethod(), targetClass));
		if (targetClass == null || TaskMethods.attributes(method, targetClass) == null) {
			return invocation.proceed();
		}
		Optional<TaskDefinition> found = this.registry.get().find(method);
		if (found.isEmpty()) {
			throw new IllegalStateException("Method " + targetClass.getSimpleName() + "." + method.getName()
					+ " is an @AsyncTask method but its bean is not registered as a task; "
					+ "is it a singleton bean created by the application context?");
		}
		TaskDefinition definition = found.get();
		if (InvocationBypass.consume(definition)) {
			return invocation.proceed();
		}
		Object[] args = invocation.getArguments();
		if (!CallCapture.record(definition, args)) {
			this.submitter.get().submit(definition, args, TaskOptions.defaults());
		}
		return null;
	}

}
