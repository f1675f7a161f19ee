package io.github.asynctask.aot;

import java.lang.reflect.Method;
import java.util.Map;

import io.github.asynctask.definition.TaskAttributes;
import io.github.asynctask.definition.TaskMethods;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.util.ClassUtils;

/**
 * At build time, contributes the {@link TaskBeanHints} of every bean whose class has task
 * methods, found by the same rule the registry and the proxy use. Registered in
 * {@code META-INF/spring/aot.factories}.
 */
public final class TaskBeanRegistrationAotProcessor implements BeanRegistrationAotProcessor {

	private final TaskBeanHints hints = new TaskBeanHints();

	@Override
	public @Nullable BeanRegistrationAotContribution processAheadOfTime(RegisteredBean bean) {
		Class<?> type = ClassUtils.getUserClass(bean.getBeanClass());
		if (!TaskMethods.isCandidate(type)) {
			return null;
		}
		Map<Method, TaskAttributes> methods = TaskMethods.select(type);
		if (methods.isEmpty()) {
			return null;
		}
		return (generationContext, code) -> this.hints.register(generationContext.getRuntimeHints(), type,
				methods.keySet());
	}

}
