package io.github.asynctask.definition;

import java.util.List;

import io.github.asynctask.annotation.AsyncTask;
import org.jspecify.annotations.Nullable;

/**
 * The attributes of {@code @AsyncTask} after merging type and method level (a method
 * attribute that is set wins); empty strings and {@code -1} mean "not set".
 *
 * @param name the task name
 * @param queue the queue
 * @param maxRetries retries, {@code -1} for the default
 * @param timeout timeout text
 * @param delay delay text
 * @param bizId bizId SpEL
 * @param dedupTtl dedup TTL text
 * @param noRetryFor exception types that go straight to dead
 */
public record TaskAttributes(String name, String queue, int maxRetries, String timeout, String delay, String bizId,
		String dedupTtl, List<Class<? extends Throwable>> noRetryFor) {

	static TaskAttributes merge(@Nullable AsyncTask onType, @Nullable AsyncTask onMethod) {
		TaskAttributes type = of(onType);
		TaskAttributes method = of(onMethod);
		return new TaskAttributes(method.name, pick(method.queue, type.queue),
				(method.maxRetries != -1) ? method.maxRetries : type.maxRetries, pick(method.timeout, type.timeout),
				pick(method.delay, type.delay), method.bizId, pick(method.dedupTtl, type.dedupTtl),
				method.noRetryFor.isEmpty() ? type.noRetryFor : method.noRetryFor);
	}

	private static TaskAttributes of(@Nullable AsyncTask annotation) {
		if (annotation == null) {
			return new TaskAttributes("", "", -1, "", "", "", "", List.of());
		}
		return new TaskAttributes(annotation.name(), annotation.queue(), annotation.maxRetries(), annotation.timeout(),
				annotation.delay(), annotation.bizId(), annotation.dedupTtl(), List.of(annotation.noRetryFor()));
	}

	private static String pick(String preferred, String fallback) {
		return preferred.isEmpty() ? fallback : preferred;
	}

}
