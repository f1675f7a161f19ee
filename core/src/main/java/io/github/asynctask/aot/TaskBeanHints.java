package io.github.asynctask.aot;

import java.io.Closeable;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.jspecify.annotations.Nullable;

import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.beans.factory.Aware;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The hints one bean class with task methods needs at run time in a native image: the
 * registry finds the methods by reflection and the worker invokes them by reflection;
 * Jackson reads their arguments (and writes their {@code CompletableFuture} results) by
 * the declared types; and, should the bean be proxied with JDK proxies, the proxy class
 * over its interfaces (in the order Spring's proxy factory uses) and their methods.
 */
final class TaskBeanHints {

	private final BindingReflectionHintsRegistrar bindings = new BindingReflectionHintsRegistrar();

	void register(RuntimeHints hints, Class<?> type, Collection<Method> methods) {
		hints.reflection().registerType(type);
		List<Class<?>> interfaces = proxiedInterfaces(type);
		for (Method method : methods) {
			hints.reflection().registerMethod(method, ExecutableMode.INVOKE);
			this.bindings.registerReflectionHints(hints.reflection(), method.getGenericParameterTypes());
			Type result = futureResult(method);
			if (result != null) {
				this.bindings.registerReflectionHints(hints.reflection(), result);
			}
			for (Class<?> proxied : interfaces) {
				Method declared = ReflectionUtils.findMethod(proxied, method.getName(), method.getParameterTypes());
				if (declared != null) {
					hints.reflection().registerMethod(declared, ExecutableMode.INVOKE);
				}
			}
		}
		if (!interfaces.isEmpty()) {
			hints.proxies()
				.registerJdkProxy(AopProxyUtils.completeJdkProxyInterfaces(interfaces.toArray(Class<?>[]::new)));
		}
	}

	private static @Nullable Type futureResult(Method method) {
		ResolvableType future = ResolvableType.forMethodReturnType(method).as(CompletableFuture.class);
		return (future == ResolvableType.NONE) ? null : future.getGeneric(0).getType();
	}

	/**
	 * The interfaces a JDK proxy of the class would implement, as ProxyProcessorSupport
	 * picks them.
	 */
	private static List<Class<?>> proxiedInterfaces(Class<?> type) {
		List<Class<?>> interfaces = new ArrayList<>();
		for (Class<?> candidate : ClassUtils.getAllInterfacesForClass(type)) {
			if (!isCallbackOrInternal(candidate) && candidate.getMethods().length > 0) {
				interfaces.add(candidate);
			}
		}
		return interfaces;
	}

	private static boolean isCallbackOrInternal(Class<?> candidate) {
		String name = candidate.getName();
		return InitializingBean.class == candidate || DisposableBean.class == candidate
				|| AutoCloseable.class == candidate || Closeable.class == candidate
				|| Aware.class.isAssignableFrom(candidate) || name.equals("groovy.lang.GroovyObject")
				|| name.endsWith(".cglib.proxy.Factory") || name.endsWith(".bytebuddy.MockAccess");
	}

}
