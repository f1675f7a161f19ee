package io.github.asynctask;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A batch's progress, as {@link AsyncTaskTemplate#findBatch} reads it.
 *
 * @param batchId the batch's id
 * @param name the name given by {@link BatchOptions#named}, empty for none
 * @param state where the batch is
 * @param total children so far
 * @param pending children not started nor ended
 * @param active children running (started, not ended)
 * @param completed children that completed
 * @param dead children that went dead
 * @param createdAt when the batch was opened or, after a commit, recorded
 * @param endedAt when it ended or was cancelled, {@code null} before
 */
public record BatchInfo(String batchId, String name, BatchState state, long total, long pending, long active,
		long completed, long dead, Instant createdAt, @Nullable Instant endedAt) {

	/** Share of the children that ended, 0 to 100 (100 for a batch without children). */
	public int percentDone() {
		return (this.total == 0) ? 100 : (int) (100 * (this.completed + this.dead) / this.total);
	}

}
