package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

import io.github.asynctask.NonRetryableException;
import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.aop.TaskBodyInvoker;
import io.github.asynctask.aop.BodyResult;
import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.context.TaskContext;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.shard.ShardName;
import io.github.asynctask.version.NewerTaskVersionException;
import org.jspecify.annotations.Nullable;

/**
 * Runs one delivery on the calling pool thread: finds its definition, reads its arguments
 * by the declared types, and calls the body through the interceptors within the task's
 * timeout. Never throws: every way an attempt can end becomes an {@link Outcome}.
 */
final class Invoker {

	private final TaskRegistry registry;

	private final TaskCodec codec;

	private final TaskBodyInvoker body;

	private final List<TaskInterceptor> interceptors;

	private final Watchdog watchdog;

	Invoker(TaskRegistry registry, TaskCodec codec, TaskBodyInvoker body, List<TaskInterceptor> interceptors,
			Watchdog watchdog) {
		this.registry = registry;
		this.codec = codec;
		this.body = body;
		this.interceptors = List.copyOf(interceptors);
		this.watchdog = watchdog;
	}

	/**
	 * Run the attempt.
	 * @param onHung what to do, given the timeout, when the body ignores the timeout
	 * interrupt (see {@link Watchdog})
	 */
	Outcome invoke(RunningTask task, Consumer<Duration> onHung) {
		Delivery delivery = task.delivery();
		Optional<TaskDefinition> found = this.registry.find(delivery.name());
		if (found.isEmpty()) {
			// another instance may define it (a rolling deploy): Completion hands it back
			return Outcome.poison(new UnknownTaskException(delivery.name(), delivery.queue()));
		}
		TaskDefinition definition = found.get();
		DecodedPayload payload;
		try {
			payload = this.codec.decode(definition, delivery.payload());
		}
		catch (NewerTaskVersionException ex) {
			// an instance that knows the version may be running (a rolling deploy)
			return Outcome.poison(new UnknownTaskException(delivery.name(), delivery.queue(), ex));
		}
		catch (RuntimeException ex) {
			return Outcome.poison(new IllegalStateException(
					"Cannot read the arguments of task " + definition.describe() + ": " + ex.getMessage(), ex));
		}
		Duration timeout = (payload.timeout() != null) ? payload.timeout() : definition.timeout();
		TaskExecution execution = new TaskExecution(delivery.id(), delivery.name(), ShardName.queueOf(delivery.queue()),
				delivery.attempt(), delivery.maxRetries(), payload.headers());
		Throwable error = null;
		Object result = null;
		Watchdog.Watch deadline = this.watchdog.watch(task, timeout, onHung);
		task.bodyThread(Thread.currentThread());
		BodyResult.take();
		try (TaskContext.Scope scope = task.context().enter()) {
			chain(execution, definition, payload, 0).proceed();
			result = valueOf(BodyResult.take());
		}
		catch (Throwable ex) {
			error = ex;
		}
		finally {
			task.bodyThread(null);
			deadline.cancel();
			// an interrupt meant for this attempt must not leak into the next one
			Thread.interrupted();
		}
		if (task.isTimedOut() && !(task.isHung() && error == null)) {
			// a hung body that finally returned normally did its work: its success stands
			TaskTimeoutException timedOut = new TaskTimeoutException(delivery.name(), delivery.id(), timeout);
			if (error != null) {
				timedOut.addSuppressed(error);
			}
			return Outcome.failed(timedOut, true);
		}
		return (error != null) ? Outcome.failed(error, isRetryable(definition, error)) : Outcome.success(result);
	}

	/**
	 * The value of a {@code CompletableFuture} a body returned, waited for within the
	 * attempt's timeout (the watchdog interrupts the wait); its failure is the attempt's.
	 */
	private static @Nullable Object valueOf(@Nullable Object returned) throws Throwable {
		if (!(returned instanceof CompletableFuture<?> future)) {
			return null;
		}
		try {
			return future.get();
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() != null) ? ex.getCause() : ex;
		}
	}

	private TaskInterceptor.Chain chain(TaskExecution execution, TaskDefinition definition, DecodedPayload payload,
			int index) {
		if (index == this.interceptors.size()) {
			return () -> this.body.invoke(definition, payload.args());
		}
		TaskInterceptor interceptor = this.interceptors.get(index);
		return () -> interceptor.around(execution, chain(execution, definition, payload, index + 1));
	}

	static boolean isRetryable(TaskDefinition definition, Throwable error) {
		if (error instanceof NonRetryableException) {
			return false;
		}
		return definition.noRetryFor().stream().noneMatch((type) -> type.isInstance(error));
	}

}
