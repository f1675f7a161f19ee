package io.github.asynctask.autoconfigure.console;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchState;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.autoconfigure.console.TaskOperationException.Reason;
import io.github.asynctask.autoconfigure.console.Views.Done;
import io.github.asynctask.batch.Batches;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.shard.ShardName;
import io.github.asynctask.redis.store.BatchIndex;
import io.github.asynctask.redis.store.BatchStore;
import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * Batches as the console's batch pages and the {@code asynctaskbatches} endpoint show
 * them (one view for both): the recent batches of the index, one batch with its progress
 * and its dead children (each with its current state and last error), and the two
 * actions, retry every dead child and cancel the batch.
 */
public final class BatchViews {

	/** Dead children shown on one page of a batch. */
	static final int DEAD_SHOWN = 50;

	private final BatchStore store;

	private final Batches batches;

	private final RedisBroker broker;

	public BatchViews(BatchStore store, Batches batches, RedisBroker broker) {
		this.store = store;
		this.batches = batches;
		this.broker = broker;
	}

	/**
	 * One batch's progress.
	 *
	 * @param batchId its id
	 * @param name its name, empty for none
	 * @param state where it is
	 * @param total children so far
	 * @param pending children not started
	 * @param active children running
	 * @param completed children completed
	 * @param dead children dead
	 * @param percentDone share of the children that ended, 0 to 100
	 * @param createdAt when it was opened
	 * @param endedAt when it ended or was cancelled, null before
	 */
	public record BatchView(String batchId, String name, BatchState state, long total, long pending, long active,
			long completed, long dead, int percentDone, Instant createdAt, @Nullable Instant endedAt) {

		static BatchView of(BatchInfo info) {
			return new BatchView(info.batchId(), info.name(), info.state(), info.total(), info.pending(), info.active(),
					info.completed(), info.dead(), info.percentDone(), info.createdAt(), info.endedAt());
		}

	}

	/**
	 * The recent batches, newest first.
	 *
	 * @param listed batches in the index (it keeps the last 1,000 of 7 days)
	 * @param batches a page of them, those expired meanwhile left out
	 */
	public record BatchList(long listed, List<BatchView> batches) {
	}

	/**
	 * A dead child of a batch as it is now (it may have been retried since).
	 *
	 * @param queue its queue (a sharded queue's name, not its shard's)
	 * @param taskId its task id
	 * @param name its task name, null when it is gone
	 * @param state its state now ({@code gone} when deleted or expired)
	 * @param lastError the error it died with
	 */
	public record DeadChildView(String queue, String taskId, @Nullable String name, String state,
			@Nullable String lastError) {
	}

	/**
	 * A batch with its dead children; in JSON its progress's fields come first, at the
	 * top level, as {@code findBatch}'s {@link BatchInfo} reads.
	 *
	 * @param batch its progress
	 * @param deadListed dead children listed (the newest 1,000)
	 * @param deadChildren the newest of them, with their errors
	 */
	public record BatchDetail(@JsonUnwrapped BatchView batch, long deadListed, List<DeadChildView> deadChildren) {
	}

	/** A page of the recent batches. */
	public BatchList recent(int offset, int count) {
		BatchIndex.Page page = this.store.index().recent(offset, Math.max(1, Math.min(count, 200)));
		List<BatchView> views = new ArrayList<>(page.ids().size());
		for (String id : page.ids()) {
			this.store.find(id).map(BatchView::of).ifPresent(views::add);
		}
		return new BatchList(page.total(), views);
	}

	/** One batch with its newest dead children; empty for no such batch. */
	public Optional<BatchDetail> detail(String batchId) {
		return this.store.find(BatchStore.checkId(batchId)).map((info) -> {
			BatchIndex.DeadPage dead = this.store.index().dead(batchId, 0, DEAD_SHOWN);
			List<DeadChildView> children = dead.children().stream().map(this::child).toList();
			return new BatchDetail(BatchView.of(info), dead.total(), children);
		});
	}

	/** Move every listed dead child that is still dead back to pending. */
	public Done retryDead(String batchId) {
		checked(batchId);
		int retried = 0;
		int skipped = 0;
		for (int offset = 0; offset < BatchIndex.DEAD_KEPT; offset += DEAD_SHOWN) {
			List<BatchIndex.DeadChild> page = this.store.index().dead(batchId, offset, DEAD_SHOWN).children();
			for (BatchIndex.DeadChild child : page) {
				String queue = logical(child.queue());
				boolean dead = this.broker.find(queue, child.taskId())
					.filter((task) -> task.state() == TaskState.DEAD)
					.isPresent();
				if (dead && this.broker.retryDead(queue, child.taskId())) {
					retried++;
				}
				else {
					skipped++;
				}
			}
			if (page.size() < DEAD_SHOWN) {
				break;
			}
		}
		return new Done("Retried " + retried + " dead " + ((retried == 1) ? "child" : "children") + " of batch "
				+ batchId + ((skipped > 0) ? "; " + skipped + " no longer dead were left as they are" : ""));
	}

	/** Cancel the batch. */
	public Done cancel(String batchId) {
		checked(batchId);
		if (!this.batches.cancel(batchId)) {
			throw new TaskOperationException(Reason.CONFLICT, "Batch " + batchId + " has ended already");
		}
		return new Done("Batch " + batchId + " is cancelled: its children not started yet will not run");
	}

	private void checked(String batchId) {
		try {
			BatchStore.checkId(batchId);
		}
		catch (IllegalArgumentException ex) {
			throw new TaskOperationException(Reason.BAD_REQUEST, String.valueOf(ex.getMessage()));
		}
		if (this.store.find(batchId).isEmpty()) {
			throw new TaskOperationException(Reason.NOT_FOUND,
					"No batch " + batchId + "; it may have expired (an ended batch is kept 7 days by default)");
		}
	}

	private DeadChildView child(BatchIndex.DeadChild child) {
		String queue = logical(child.queue());
		TaskInfo task = this.broker.find(queue, child.taskId()).orElse(null);
		return (task != null) ? new DeadChildView(queue, child.taskId(), task.name(), TaskViewing.lower(task.state()),
				task.lastError()) : new DeadChildView(queue, child.taskId(), null, "gone", null);
	}

	private static String logical(String queue) {
		return ShardName.queueOf(queue);
	}

}
