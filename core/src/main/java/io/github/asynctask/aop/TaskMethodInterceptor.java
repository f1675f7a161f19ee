package io.github.asynctask.aop;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
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

	/**
	 * What each proxied method of each target class is: resolving it takes a reflective
	 * method lookup and merged-annotation scans, too slow to repeat on every submit.
	 */
	private final Map<Method, Map<Class<?>, Resolved>> resolved = new ConcurrentHashMap<>();

	TaskMethodInterceptor(Supplier<TaskRegistry> registry, Supplier<TaskSubmitter> submitter) {
		this.registry = registry;
		this.submitter = submitter;
	}

	@Override
	public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
		Object target = invocation.getThis();
		if (target == null) {
			return invocation.proceed();
		}
		TaskDefinition definition = resolve(invocation.getMethod(), AopProxyUtils.ultimateTargetClass(target))
			.definition();
		if (definition == null || InvocationBypass.consume(definition)) {
			return invocation.proceed();
		}
		Object[] args = invocation.getArguments();
		if (!CallCapture.record(definition, args)) {
			TaskSubmitter submitter = this.submitter.get();
			TaskReceipt receipt = submitter.submit(definition, args, TaskOptions.defaults());
			if (invocation.getMethod().getReturnType() == CompletableFuture.class) {
				return submitter.resultOf(definition, receipt);
			}
		}
		return null;
	}

	private Resolved resolve(Method called, Class<?> targetClass) {
		// by method, then by class: two lookups and no key object per call
		Map<Class<?>, Resolved> byClass = this.resolved.get(called);
		Resolved known = (byClass != null) ? byClass.get(targetClass) : null;
		if (known != null) {
			return known;
		}
		Method method = BridgeMethodResolver.findBridgedMethod(ClassUtils.getMostSpecificMethod(called, targetClass));
		if (TaskMethods.attributes(method, targetClass) == null) {
			remember(called, targetClass, Resolved.NOT_A_TASK);
			return Resolved.NOT_A_TASK;
		}
		Optional<TaskDefinition> found = this.registry.get().find(method);
		if (found.isEmpty()) {
			// not cached: the registry may be filled later
			throw new IllegalStateException("Method " + targetClass.getSimpleName() + "." + method.getName()
					+ " is an @AsyncTask method but its bean is not registered as a task; "
					+ "is it a singleton bean created by the application context?");
		}
		Resolved task = new Resolved(found.get());
		remember(called, targetClass, task);
		return task;
	}

	private void remember(Method called, Class<?> targetClass, Resolved what) {
		this.resolved.computeIfAbsent(called, (method) -> new ConcurrentHashMap<>()).put(targetClass, what);
	}

	/** The task a proxied method submits, or none when it is not a task method. */
	private record Resolved(@Nullable TaskDefinition definition) {

		static final Resolved NOT_A_TASK = new Resolved(null);

	}

}
