package io.github.asynctask;

import java.util.List;

/**
 * One page of the values a batch's completed children returned (children whose method
 * returns {@code CompletableFuture<T>}), as {@link AsyncTaskTemplate#batchValues} reads
 * them: each as JSON, by child index, in no particular order.
 *
 * @param values the page's values
 * @param nextCursor the cursor of the next page, {@code "0"} after the last one
 */
public record BatchValues(List<Value> values, String nextCursor) {

	public BatchValues {
		values = List.copyOf(values);
	}

	/** Whether another page follows. */
	public boolean hasMore() {
		return !"0".equals(this.nextCursor);
	}

	/**
	 * One child's value.
	 *
	 * @param child the child's index in its batch
	 * @param json the value as JSON, written by the declared {@code T} of its method
	 */
	public record Value(long child, String json) {
	}

}
