package io.github.asynctask.aop;

import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.submit.TaskSubmitter;

import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.util.function.SingletonSupplier;

/**
 * Proxies beans with {@code @AsyncTask} methods, as Spring's
 * {@code AsyncAnnotationBeanPostProcessor} does for {@code @Async}: adds the
 * {@link AsyncTaskAdvisor} in front of any existing advice (so a call submits before a
 * transaction starts, and the worker's bypassed call runs through the rest), uses CGLIB
 * for classes and JDK proxies for interface-only beans when so configured. The registry
 * and submitter are looked up on first call so this early post-processor pulls no beans
 * in.
 */
public class AsyncTaskAnnotationBeanPostProcessor extends AbstractBeanFactoryAwareAdvisingPostProcessor {

	public AsyncTaskAnnotationBeanPostProcessor() {
		setBeforeExistingAdvisors(true);
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		super.setBeanFactory(beanFactory);
		this.advisor = new AsyncTaskAdvisor(SingletonSupplier.of(() -> beanFactory.getBean(TaskRegistry.class)),
				SingletonSupplier.of(() -> beanFactory.getBean(TaskSubmitter.class)));
	}

}
