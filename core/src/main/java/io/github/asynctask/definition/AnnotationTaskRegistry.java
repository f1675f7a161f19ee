package io.github.asynctask.definition;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EmbeddedValueResolverAware;
import org.springframework.util.Assert;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringValueResolver;

/**
 * The task registry, filled once every singleton exists: finds the {@code @AsyncTask}
 * methods of singleton beans, validates them and refuses to start (failing the context
 * refresh) with every problem listed. Lookups afterwards are lock-free reads.
 */
public class AnnotationTaskRegistry
		implements TaskRegistry, BeanFactoryAware, EmbeddedValueResolverAware, SmartInitializingSingleton {

	private final TaskDefinitionFactory factory;

	private final List<TaskDefinitionCheck> checks;

	private @Nullable ConfigurableListableBeanFactory beanFactory;

	// ${…} in queue and duration attributes; set by the context before start-up
	private AttributeResolver attributes = AttributeResolver.LITERAL;

	// Written once by the start-up thread, then only read (published by the volatile).
	private volatile @Nullable Index index;

	public AnnotationTaskRegistry(TaskDefaults defaults, BizIdEvaluator bizIds, List<TaskDefinitionCheck> checks) {
		this.factory = new TaskDefinitionFactory(defaults, bizIds);
		this.checks = List.copyOf(checks);
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		Assert.isInstanceOf(ConfigurableListableBeanFactory.class, beanFactory,
				"AnnotationTaskRegistry needs a ConfigurableListableBeanFactory");
		this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
	}

	@Override
	public void setEmbeddedValueResolver(StringValueResolver resolver) {
		this.attributes = new AttributeResolver(resolver);
	}

	@Override
	public void afterSingletonsInstantiated() {
		Assert.state(this.beanFactory != null, "No BeanFactory set");
		List<String> problems = new ArrayList<>();
		List<TaskDefinition> definitions = new ArrayList<>();
		for (String beanName : this.beanFactory.getBeanNamesForType(Object.class, false, false)) {
			Class<?> type = taskBeanType(beanName);
			if (type != null) {
				Object bean = this.beanFactory.getBean(beanName);
				definitions.addAll(this.factory.create(beanName, bean, type, this.attributes, problems::add));
			}
		}
		register(definitions, problems);
	}

	/** Register definitions built elsewhere (tests, programmatic set-ups). */
	public void register(List<TaskDefinition> definitions, List<String> problems) {
		List<String> all = new ArrayList<>(problems);
		Map<String, TaskDefinition> byName = new LinkedHashMap<>();
		Map<Method, TaskDefinition> byMethod = new LinkedHashMap<>();
		for (TaskDefinition definition : definitions) {
			TaskDefinition other = byName.putIfAbsent(definition.name(), definition);
			if (other != null) {
				all.add("Task name '" + definition.name() + "' is used by " + other.describe() + " and by "
						+ definition.describe() + "; task names must be unique (overloads need distinct names): "
						+ "set @AsyncTask(name = \"...\") on one of them");
				continue;
			}
			byMethod.put(definition.method(), definition);
			for (TaskDefinitionCheck check : this.checks) {
				all.addAll(check.problems(definition));
			}
		}
		if (!all.isEmpty()) {
			throw new InvalidTaskDefinitionException(all);
		}
		this.index = new Index(Map.copyOf(byName), Map.copyOf(byMethod));
	}

	private @Nullable Class<?> taskBeanType(String beanName) {
		ConfigurableListableBeanFactory factory = this.beanFactory;
		if (factory == null || ScopedProxyUtils.isScopedTarget(beanName) || !factory.isSingleton(beanName)) {
			return null;
		}
		Class<?> type = factory.containsBeanDefinition(beanName)
				? AutoProxyUtils.determineTargetClass(factory, beanName) : factory.getType(beanName);
		if (type != null && java.lang.reflect.Proxy.isProxyClass(type)) {
			type = AopProxyUtils.ultimateTargetClass(factory.getBean(beanName));
		}
		if (type == null) {
			return null;
		}
		Class<?> userClass = ClassUtils.getUserClass(type);
		return TaskMethods.isCandidate(userClass) ? userClass : null;
	}

	/** Whether start-up registration has run. */
	public boolean isInitialized() {
		return this.index != null;
	}

	@Override
	public Optional<TaskDefinition> find(String name) {
		return Optional.ofNullable(index().byName.get(name));
	}

	@Override
	public Optional<TaskDefinition> find(Method method) {
		return Optional.ofNullable(index().byMethod.get(method));
	}

	@Override
	public Collection<TaskDefinition> definitions() {
		return index().byName.values();
	}

	@Override
	public Set<String> queues() {
		Set<String> queues = new LinkedHashSet<>();
		index().byName.values().forEach((definition) -> queues.add(definition.queue()));
		return queues;
	}

	private Index index() {
		Index current = this.index;
		if (current == null) {
			throw new IllegalStateException("The @AsyncTask registry is read before the application context "
					+ "finished starting; submit tasks once it has started (e.g. from an ApplicationRunner)");
		}
		return current;
	}

	private record Index(Map<String, TaskDefinition> byName, Map<Method, TaskDefinition> byMethod) {

	}

}
