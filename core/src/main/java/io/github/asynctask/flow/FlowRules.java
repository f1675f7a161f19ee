package io.github.asynctask.flow;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.definition.Durations;
import io.github.asynctask.definition.InvalidTaskDefinitionException;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.EnqueueRequest;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * The {@code after} rules of the application's tasks, read from {@code @AsyncTask} once
 * every bean is registered and checked then: an unknown name, a side without a bizId, a
 * bad wait timeout or a cycle refuses start-up, naming bean and method.
 */
public final class FlowRules implements SmartInitializingSingleton {

	private final TaskRegistry registry;

	private final Duration defaultWaitTimeout;

	/** Task name -> the names it runs after; written once at start-up, read after. */
	private volatile Map<String, Rule> rules = Map.of();

	/** Names some task runs after. */
	private volatile Set<String> awaited = Set.of();

	/** Names of tasks whose method returns {@code CompletableFuture<T>}. */
	private volatile Set<String> withResults = Set.of();

	/** Queues of tasks with {@code after} and of the tasks they await. */
	private volatile Set<String> flowQueues = Set.of();

	public FlowRules(TaskRegistry registry, Duration defaultWaitTimeout) {
		this.registry = registry;
		this.defaultWaitTimeout = defaultWaitTimeout;
	}

	/** Read and check the rules; refuses start-up on a problem. */
	@Override
	public void afterSingletonsInstantiated() {
		List<String> problems = new ArrayList<>();
		Map<String, Rule> read = new HashMap<>();
		for (TaskDefinition definition : this.registry.definitions()) {
			Rule rule = read(definition, problems);
			if (rule != null) {
				read.put(definition.name(), rule);
			}
		}
		new FlowCycles(edges(read)).find()
			.forEach((cycle) -> problems.add(this.registry.find(cycle.get(0))
				.map(TaskDefinition::describe)
				.orElse(cycle.get(0)) + " is part of a cycle of after: " + String.join(" -> ", cycle)
					+ "; a task cannot wait for itself, directly or through others: remove one of these after entries"));
		if (!problems.isEmpty()) {
			throw new InvalidTaskDefinitionException(problems);
		}
		Set<String> names = new HashSet<>();
		read.values().forEach((rule) -> names.addAll(rule.after()));
		this.rules = Map.copyOf(read);
		this.awaited = Set.copyOf(names);
		Set<String> queues = new HashSet<>();
		read.keySet().forEach((name) -> this.registry.find(name).ifPresent((task) -> queues.add(task.queue())));
		names.forEach((name) -> this.registry.find(name).ifPresent((task) -> queues.add(task.queue())));
		this.flowQueues = Set.copyOf(queues);
		Set<String> results = new HashSet<>();
		this.registry.definitions()
			.stream()
			.filter((definition) -> ResultWriter.returnsResult(definition.method()))
			.forEach((definition) -> results.add(definition.name()));
		this.withResults = Set.copyOf(results);
	}

	private Rule read(TaskDefinition definition, List<String> problems) {
		AsyncTask onMethod = AnnotatedElementUtils.findMergedAnnotation(definition.method(), AsyncTask.class);
		AsyncTask onType = AnnotatedElementUtils.findMergedAnnotation(definition.method().getDeclaringClass(),
				AsyncTask.class);
		AsyncTask annotation = (onMethod != null && onMethod.after().length > 0) ? onMethod : onType;
		if (annotation == null || annotation.after().length == 0) {
			return null;
		}
		String where = definition.describe();
		List<String> after = List.of(annotation.after());
		int before = problems.size();
		if (definition.bizIdExpression() == null) {
			problems.add(where + " runs after " + after + " but has no bizId; after matches the awaited tasks by "
					+ "bizId: add bizId = \"#...\"");
		}
		for (String name : after) {
			TaskDefinition other = this.registry.find(name).orElse(null);
			if (other == null) {
				problems.add(where + " runs after '" + name + "', which is no task of this application; name a "
						+ "task by its @AsyncTask name");
			}
			else if (other.bizIdExpression() == null) {
				problems.add(where + " runs after " + other.describe() + ", which has no bizId; give it "
						+ "bizId = \"#...\" so its completion can be matched");
			}
		}
		Duration timeout = this.defaultWaitTimeout;
		String text = (onMethod != null && !onMethod.waitTimeout().isEmpty()) ? onMethod.waitTimeout()
				: annotation.waitTimeout();
		if (!text.isEmpty()) {
			try {
				timeout = Durations.parse(text);
			}
			catch (IllegalArgumentException ex) {
				problems.add(where + " has waitTimeout '" + text + "', which is no duration: " + ex.getMessage());
			}
		}
		if (timeout.isNegative() || timeout.isZero()) {
			problems.add(where + " has a waitTimeout of " + timeout + "; it must be positive");
		}
		return (problems.size() == before) ? new Rule(after, timeout) : null;
	}

	private static Map<String, List<String>> edges(Map<String, Rule> rules) {
		Map<String, List<String>> edges = new HashMap<>();
		rules.forEach((name, rule) -> edges.put(name, rule.after()));
		return edges;
	}

	/** Whether the task's method returns {@code CompletableFuture<T>}. */
	public boolean returnsResult(String name) {
		return this.withResults.contains(name);
	}

	/**
	 * Whether an {@code after} rule of this application names {@code queue}: tasks wait
	 * there, or tasks that others wait for run there.
	 */
	public boolean isFlowQueue(String queue) {
		return this.flowQueues.contains(queue);
	}

	/** Whether some task of this application runs after tasks named {@code name}. */
	public boolean isAwaited(String name) {
		return this.awaited.contains(name);
	}

	/**
	 * The request waiting for what its task runs after, or unchanged when it runs after
	 * nothing.
	 */
	public EnqueueRequest apply(EnqueueRequest request) {
		Rule rule = this.rules.get(request.name());
		if (rule == null || request.bizId() == null) {
			return request;
		}
		List<EnqueueRequest.Awaited> after = new ArrayList<>(rule.after().size());
		for (String name : rule.after()) {
			TaskDefinition awaited = this.registry.find(name).orElseThrow();
			after.add(EnqueueRequest.Awaited.task(awaited.queue(), name, request.bizId()));
		}
		return request.withAfter(after, rule.waitTimeout());
	}

	/** The wait timeout of a task: its {@code waitTimeout}, else the default. */
	Duration waitTimeout(String name) {
		Rule rule = this.rules.get(name);
		return (rule != null) ? rule.waitTimeout() : this.defaultWaitTimeout;
	}

	/** The queues of the application's tasks. */
	java.util.Set<String> queues() {
		return this.registry.queues();
	}

	/** How long the completion of an awaited task is remembered for later waiters. */
	Duration remember(TaskDefinition awaited) {
		Duration ttl = awaited.dedupTtl();
		return (ttl.isZero() || ttl.isNegative()) ? this.defaultWaitTimeout : ttl;
	}

	private record Rule(List<String> after, Duration waitTimeout) {
	}

}
