package io.github.asynctask.testing;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;

/**
 * Drops the start-up check of Redis' eviction policy in the modes without Redis: it is
 * the one bean that would connect at start-up even with the worker off. Spring Boot's
 * test database set-up replaces its bean definition the same way.
 */
final class RedisEnvironmentCheckRemover implements BeanDefinitionRegistryPostProcessor {

	static final String CHECK_BEAN = "asyncTaskRedisEnvironmentCheck";

	@Override
	public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) throws BeansException {
		if (registry.containsBeanDefinition(CHECK_BEAN)) {
			registry.removeBeanDefinition(CHECK_BEAN);
		}
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) throws BeansException {
	}

}
