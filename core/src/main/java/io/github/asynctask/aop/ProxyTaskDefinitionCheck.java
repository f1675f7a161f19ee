package io.github.asynctask.aop;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskDefinitionCheck;

import org.springframework.aop.framework.Advised;
import org.springframework.util.ReflectionUtils;

/**
 * Checks at start-up that calls of each task method really reach the submit advice: the
 * bean must be a proxy carrying the {@link AsyncTaskAdvisor} (else calls would run the
 * body inline, silently), and a JDK proxy must expose the method.
 */
public final class ProxyTaskDefinitionCheck implements TaskDefinitionCheck {

	@Override
	public List<String> problems(TaskDefinition definition) {
		List<String> problems = new ArrayList<>();
		Object bean = definition.bean();
		boolean advised = (bean instanceof Advised proxy)
				&& Arrays.stream(proxy.getAdvisors()).anyMatch(AsyncTaskAdvisor.class::isInstance);
		if (!advised) {
			problems.add(definition.describe() + " is not proxied by async-task, so calls would run inline; "
					+ "the bean was probably created before AsyncTaskAnnotationBeanPostProcessor "
					+ "(do not inject it into a BeanPostProcessor or a static @Bean method)");
		}
		else if (Proxy.isProxyClass(bean.getClass()) && ReflectionUtils.findMethod(bean.getClass(),
				definition.method().getName(), definition.method().getParameterTypes()) == null) {
			problems.add(definition.describe() + " is not declared by an interface of its JDK proxy, so it cannot "
					+ "be called; declare it on the interface or proxy the class (proxyTargetClass = true)");
		}
		return problems;
	}

}
