package io.github.asynctask.autoconfigure.console;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import io.github.asynctask.event.TaskListener;

/**
 * Counts tasks finished (completed or dead) on this instance by queue, so the console can
 * draw throughput from successive reads without Micrometer.
 */
public final class ProcessedCounter implements TaskListener {

	private final Map<String, LongAdder> finished = new ConcurrentHashMap<>();

	@Override
	public void completed(String queue, String task, java.time.Duration duration) {
		count(queue);
	}

	@Override
	public void dead(String queue, String task, String reason) {
		count(queue);
	}

	private void count(String queue) {
		this.finished.computeIfAbsent(queue, (name) -> new LongAdder()).increment();
	}

	/** Tasks of the queue finished here since start. */
	public long processed(String queue) {
		LongAdder adder = this.finished.get(queue);
		return (adder != null) ? adder.sum() : 0;
	}

	@Override
	public String toString() {
		return "ProcessedCounter";
	}

}
