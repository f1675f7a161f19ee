package io.github.asynctask.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * One pool of worker threads shared by several queues ({@code async-task.pools.<name>}).
 */
public class QueuePoolProperties {

	/**
	 * Worker threads of the pool; unset means async-task.worker.concurrency.
	 */
	private @Nullable Integer concurrency;

	/**
	 * The pool's queues with their weights, highest priority first: a free thread takes
	 * from a queue with probability proportional to its weight among the non-empty ones.
	 */
	private final Map<String, Integer> queues = new LinkedHashMap<>();

	/**
	 * Whether a lower queue is fetched only while every higher one (listed earlier) is
	 * empty; weights are then ignored.
	 */
	private boolean strict;

	public @Nullable Integer getConcurrency() {
		return this.concurrency;
	}

	public void setConcurrency(@Nullable Integer concurrency) {
		this.concurrency = concurrency;
	}

	public Map<String, Integer> getQueues() {
		return this.queues;
	}

	public boolean isStrict() {
		return this.strict;
	}

	public void setStrict(boolean strict) {
		this.strict = strict;
	}

}
