package io.github.asynctask.aop;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;

import org.springframework.util.ReflectionUtils;

/**
 * Runs a task body on the calling (worker) thread through the bean's proxy, so other
 * advice applies, with the submit advice bypassed for exactly this invocation.
 */
public final class ProxyTaskBodyInvoker implements TaskBodyInvoker {

	private final Map<String, Method> proxyMethods = new ConcurrentHashMap<>();

	@Override
	public void invoke(TaskDefinition definition, @Nullable Object[] args) throws Throwable {
		// looked up first: computeIfAbsent's capturing lambda would be made on every call
		Method method = this.proxyMethods.get(definition.name());
		if (method == null) {
			method = this.proxyMethods.computeIfAbsent(definition.name(), (name) -> proxyMethod(definition));
		}
		InvocationBypass.allow(definition);
		try {
			BodyResult.set(method.invoke(definition.bean(), args));
		}
		catch (InvocationTargetException ex) {
			throw ex.getTargetException();
		}
		finally {
			InvocationBypass.clear();
		}
	}

	/**
	 * The method to call on the bean (on a JDK proxy, the interface method), made
	 * accessible once: a public method of a class that is not public (a plain
	 * {@code @Component class}) is out of reach of reflection from this package, and an
	 * accessible method skips the caller lookup and access check {@code invoke} makes on
	 * every call otherwise.
	 */
	static Method proxyMethod(TaskDefinition definition) {
		Method method = callable(definition);
		method.trySetAccessible();
		return method;
	}

	private static Method callable(TaskDefinition definition) {
		Method method = definition.method();
		Class<?> beanClass = definition.bean().getClass();
		if (!Proxy.isProxyClass(beanClass)) {
			return method;
		}
		// The interface's method, not the proxy class's: calling it on the proxy is the
		// same call, and in a native image only the interface method needs a reflection
		// hint.
		for (Class<?> proxied : beanClass.getInterfaces()) {
			Method onInterface = ReflectionUtils.findMethod(proxied, method.getName(), method.getParameterTypes());
			if (onInterface != null) {
				return onInterface;
			}
		}
		throw new IllegalStateException(definition.describe() + " is not declared by an interface of its JDK "
				+ "proxy, so it cannot be called; declare it on the interface or proxy the class (CGLIB)");
	}

}
