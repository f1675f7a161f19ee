package io.github.asynctask.redis;

import org.jspecify.annotations.Nullable;

/**
 * What one shard holds of a task: read where a shard count other than this instance's
 * would have placed it (a resize), or to find the shard a predecessor landed in.
 *
 * @param holder the id of the task holding the task's name and bizId there, or
 * {@code null} for none
 * @param known whether the task id is a task there or completed within the completed-ids
 * window
 */
public record Placement(@Nullable String holder, boolean known) {

	/** Nothing of the task there. */
	public static final Placement NONE = new Placement(null, false);

}
