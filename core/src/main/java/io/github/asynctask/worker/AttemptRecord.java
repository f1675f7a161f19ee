package io.github.asynctask.worker;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/**
 * One failed attempt as the task's history keeps it in Redis: when it started and ended,
 * the instance that ran it, and the error's class, message and first stack lines. Bounded
 * (message and stack cut) so that the last ten attempts of a task stay a few kilobytes.
 */
final class AttemptRecord {

	static final int MAX_MESSAGE = 500;

	static final int STACK_LINES = 5;

	static final int MAX_STACK = 1000;

	private AttemptRecord() {
	}

	/**
	 * The attempt as JSON: {@code start}, {@code end} (epoch ms), {@code instance},
	 * {@code error}, {@code message}, {@code stack}.
	 */
	static String json(Instant end, Duration ran, String instance, Throwable error) {
		Map<String, Object> attempt = new LinkedHashMap<>();
		attempt.put("start", end.minus(ran).toEpochMilli());
		attempt.put("end", end.toEpochMilli());
		attempt.put("instance", instance);
		attempt.put("error", error.getClass().getName());
		attempt.put("message", cut(String.valueOf(error.getMessage()), MAX_MESSAGE));
		attempt.put("stack", cut(stack(error), MAX_STACK));
		return JsonMapper.shared().writeValueAsString(attempt);
	}

	private static String stack(Throwable error) {
		StringBuilder lines = new StringBuilder();
		StackTraceElement[] frames = error.getStackTrace();
		for (int i = 0; i < Math.min(STACK_LINES, frames.length); i++) {
			lines.append((i > 0) ? "\n" : "").append("at ").append(frames[i]);
		}
		Throwable cause = error.getCause();
		if (cause != null && cause != error) {
			lines.append((lines.length() > 0) ? "\n" : "").append("caused by ").append(cause.getClass().getName());
			if (cause.getMessage() != null) {
				lines.append(": ").append(cause.getMessage());
			}
		}
		return lines.toString();
	}

	private static String cut(String text, int max) {
		return (text.length() <= max) ? text : text.substring(0, max - 3) + "...";
	}

}
