package io.github.asynctask.context;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.asynctask.NonRetryableException;
import io.github.asynctask.SubmitInterceptor;
import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.definition.TaskDefinition;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import io.micrometer.context.ThreadLocalAccessor;
import org.jspecify.annotations.Nullable;

/**
 * Both ends of context propagation: at the submit, takes a {@link ContextSnapshot} of the
 * thread-locals that have a {@link ContextValueCodec} and writes each as a header; around
 * the run, rebuilds the values from the headers and sets them with
 * {@link ContextSnapshot#setThreadLocals()}, restoring the worker thread's own values
 * when the body returns. A header that cannot be read sends the task to dead, naming it.
 */
public final class TaskContextPropagator implements SubmitInterceptor, TaskInterceptor {

	private final Map<Object, ContextValueCodec<Object>> codecs = new LinkedHashMap<>();

	private final ContextSnapshotFactory snapshots;

	/**
	 * Create a propagator.
	 * @param codecs the values to carry
	 * @param registry where accessors of codecs without their own are looked up (usually
	 * {@code ContextRegistry.getInstance()}); it is copied, not changed
	 * @param accessors further accessors (an application's beans), winning over the
	 * registry's of the same key
	 * @throws IllegalStateException when two codecs share a key or a header, or a codec's
	 * key has no accessor
	 */
	@SuppressWarnings("unchecked")
	public TaskContextPropagator(List<? extends ContextValueCodec<?>> codecs, ContextRegistry registry,
			List<? extends ThreadLocalAccessor<?>> accessors) {
		ContextRegistry own = new ContextRegistry();
		registry.getThreadLocalAccessors().forEach(own::registerThreadLocalAccessor);
		accessors.forEach(own::registerThreadLocalAccessor);
		Set<String> headers = new HashSet<>();
		for (ContextValueCodec<?> codec : codecs) {
			if (this.codecs.putIfAbsent(codec.key(), (ContextValueCodec<Object>) codec) != null
					|| !headers.add(codec.header())) {
				throw new IllegalStateException("Two ContextValueCodecs carry the key '" + codec.key()
						+ "' or the header '" + codec.header() + "'; keep one of them");
			}
			ThreadLocalAccessor<?> accessor = codec.accessor();
			if (accessor != null) {
				own.registerThreadLocalAccessor(accessor);
			}
		}
		Set<Object> known = own.getThreadLocalAccessors()
			.stream()
			.map(ThreadLocalAccessor::key)
			.collect(Collectors.toSet());
		for (ContextValueCodec<?> codec : codecs) {
			if (!known.contains(codec.key())) {
				throw new IllegalStateException("ContextValueCodec " + codec.getClass().getName()
						+ " carries the thread-local '" + codec.key() + "', but no ThreadLocalAccessor has that key: "
						+ "register one in ContextRegistry.getInstance(), declare it as a bean, "
						+ "or return it from the codec's accessor()");
			}
		}
		own.registerContextAccessor(new HeaderContext.Accessor());
		this.snapshots = ContextSnapshotFactory.builder()
			.contextRegistry(own)
			.captureKeyPredicate(this.codecs::containsKey)
			.build();
	}

	@Override
	public void beforeSubmit(TaskDefinition definition, @Nullable Object[] args, Map<String, String> headers) {
		HeaderContext captured = this.snapshots.captureAll().updateContext(new HeaderContext());
		captured.values.forEach((key, value) -> {
			ContextValueCodec<Object> codec = this.codecs.get(key);
			String text = (codec != null) ? codec.encode(value) : null;
			if (text != null) {
				headers.put(codec.header(), text);
			}
		});
	}

	@Override
	public void around(TaskExecution execution, Chain chain) throws Throwable {
		HeaderContext carried = read(execution);
		if (carried.values.isEmpty()) {
			chain.proceed();
			return;
		}
		try (ContextSnapshot.Scope scope = this.snapshots.captureFrom(carried).setThreadLocals()) {
			chain.proceed();
		}
	}

	private HeaderContext read(TaskExecution execution) {
		HeaderContext carried = new HeaderContext();
		for (ContextValueCodec<Object> codec : this.codecs.values()) {
			String text = execution.header(codec.header());
			if (text == null) {
				continue;
			}
			try {
				carried.values.put(codec.key(), codec.decode(text));
			}
			catch (RuntimeException ex) {
				throw new NonRetryableException("Task " + execution.name() + " (" + execution.taskId()
						+ ") carries a header " + codec.header() + " that cannot be read: " + ex.getMessage(), ex);
			}
		}
		return carried;
	}

}
