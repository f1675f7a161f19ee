package io.github.asynctask.testing;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;

import org.springframework.aop.framework.AopProxyUtils;

/**
 * The tasks submitted in {@link AsyncTaskTestMode#RECORD} and
 * {@link AsyncTaskTestMode#INLINE} modes, in submit order; emptied before each test
 * method. Submits inside a transaction appear once it commits, never when it rolls back.
 */
public final class AsyncTaskRecorder {

	private final List<RecordedTask> tasks = new CopyOnWriteArrayList<>();

	private final Supplier<TaskRegistry> registry;

	AsyncTaskRecorder(Supplier<TaskRegistry> registry) {
		this.registry = registry;
	}

	/** Every task submitted since the test method started. */
	public List<RecordedTask> submitted() {
		return List.copyOf(this.tasks);
	}

	/** The tasks of this name, e.g. {@code "shop.receipt"}. */
	public List<RecordedTask> submitted(String taskName) {
		return this.tasks.stream().filter((task) -> task.name().equals(taskName)).toList();
	}

	/**
	 * The tasks of the {@code @AsyncTask} method {@code methodName} of {@code type}.
	 * @throws IllegalArgumentException when no such task method is registered
	 */
	public List<RecordedTask> submitted(Class<?> type, String methodName) {
		Set<String> names = this.registry.get()
			.definitions()
			.stream()
			.filter((definition) -> declares(definition, type, methodName))
			.map(TaskDefinition::name)
			.collect(Collectors.toSet());
		if (names.isEmpty()) {
			throw new IllegalArgumentException("No @AsyncTask method " + type.getSimpleName() + "." + methodName
					+ " is registered; registered tasks: "
					+ this.registry.get().definitions().stream().map(TaskDefinition::describe).sorted().toList());
		}
		return this.tasks.stream().filter((task) -> names.contains(task.name())).toList();
	}

	/** Forget what was recorded (done before each test method). */
	public void clear() {
		this.tasks.clear();
	}

	void record(RecordedTask task) {
		this.tasks.add(task);
	}

	private static boolean declares(TaskDefinition definition, Class<?> type, String methodName) {
		return definition.method().getName().equals(methodName)
				&& type.isAssignableFrom(AopProxyUtils.ultimateTargetClass(definition.bean()));
	}

}
