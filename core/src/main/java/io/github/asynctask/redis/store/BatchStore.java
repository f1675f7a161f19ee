package io.github.asynctask.redis.store;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchState;
import io.github.asynctask.BatchValues;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The Redis side of batches, one script per step, each in the batch's own slot
 * ({@code <prefix>:{b:<batch id>}:...}): open ({@code batch_open.lua}), seal
 * ({@code batch_seal.lua}), add a child later ({@code batch_add.lua}), a child starts
 * ({@code batch_start.lua}) or ends ({@code batch_report.lua}, idempotent by the child's
 * bit), the callbacks owed were enqueued ({@code batch_fired.lua}), cancel and read. A
 * batch is a hash of counters and two bitmaps indexed by child: nothing grows by a list
 * entry per child. What the steps mean together lives in {@code batch/}.
 * <p>
 * Not final only so that a test can stand between two steps; an application has no reason
 * to extend it.
 */
public class BatchStore {

	static final LuaScript OPEN = LuaScript.load("batch_open");

	static final LuaScript SEAL = LuaScript.load("batch_seal");

	static final LuaScript ADD = LuaScript.load("batch_add");

	static final LuaScript START = LuaScript.load("batch_start");

	static final LuaScript REPORT = LuaScript.load("batch_report");

	static final LuaScript FIRED = LuaScript.load("batch_fired");

	static final LuaScript CANCEL = LuaScript.load("batch_cancel");

	static final LuaScript INFO = LuaScript.load("batch_info");

	static final LuaScript VALUES = LuaScript.load("batch_values");

	/** How long a batch that is not sealed yet is kept (its body may run long). */
	static final Duration OPEN_KEEP = Duration.ofDays(1);

	private final ScriptRunner runner;

	private final String prefix;

	private final BatchIndex index;

	public BatchStore(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration replyTimeout) {
		this.runner = new ScriptRunner(connectionFactory, replyTimeout);
		this.prefix = keys.prefix();
		this.index = new BatchIndex(this.runner, this.prefix);
	}

	/** The index of recent batches and of their dead children. */
	public BatchIndex index() {
		return this.index;
	}

	/**
	 * A callback the batch owes: {@code kind} s (onSuccess), c (onComplete) or d
	 * (onDeath).
	 */
	public record Due(String kind, EnqueueRequest call) {
	}

	/**
	 * What a seal or a report left owed.
	 *
	 * @param endedNow the state this call ended the batch in, {@code s} or {@code c},
	 * empty when it did not end it
	 * @param callbacks the callbacks owed, to enqueue and confirm
	 * @param parentReport a nested batch's report owed to its parent,
	 * {@code <parent id>:<index>|ok} or {@code |dd}, to report and confirm (kind
	 * {@code p}); null for none
	 */
	public record Owed(String endedNow, List<Due> callbacks, @Nullable String parentReport) {

		public Owed(String endedNow, List<Due> callbacks) {
			this(endedNow, callbacks, null);
		}

	}

	/** Record the batch as open while its body runs; false when it exists already. */
	public boolean open(String batchId, String name) {
		return Replies.single(
				this.runner.run(OPEN, where(batchId), List.of(key(batchId, "b")), List.of(name, ms(OPEN_KEEP)))) == 1;
	}

	/**
	 * Seal the batch: {@code children} more children, its callbacks (stored calls, null
	 * for none). Idempotent.
	 * @return what is owed at once (its children all ended already)
	 */
	public Owed seal(String batchId, long children, String name, @Nullable EnqueueRequest onSuccess,
			@Nullable EnqueueRequest onComplete, @Nullable EnqueueRequest onDeath, Duration keep) {
		return seal(batchId, children, name, onSuccess, onComplete, onDeath, keep, null);
	}

	/**
	 * {@link #seal} of a batch nested in another.
	 * @param parent {@code <parent batch id>:<child index>}: the parent counts this batch
	 * as that child, completed when it succeeds, else dead; null for none
	 */
	public Owed seal(String batchId, long children, String name, @Nullable EnqueueRequest onSuccess,
			@Nullable EnqueueRequest onComplete, @Nullable EnqueueRequest onDeath, Duration keep,
			@Nullable String parent) {
		return due(this.runner.run(SEAL, where(batchId), keys(batchId),
				List.of(Long.toString(children), name, StoredCall.write(onSuccess), StoredCall.write(onComplete),
						StoredCall.write(onDeath), ms(keep), (parent != null) ? parent : "")));
	}

	/**
	 * Count one more child of a batch that has not ended.
	 * @return the child's index
	 * @throws IllegalStateException naming the batch when it ended, was cancelled or is
	 * unknown
	 */
	public long add(String batchId) {
		List<?> reply = Replies.list(this.runner.run(ADD, where(batchId), List.of(key(batchId, "b")), List.of()));
		long index = Replies.number(reply.get(0));
		if (index < 0) {
			String state = (reply.size() > 1 && reply.get(1) != null) ? Replies.string(reply.get(1)) : "";
			throw new IllegalStateException("Cannot add a task to batch " + batchId + ": " + (state.isEmpty()
					? "there is no such batch (a typo, or it expired)"
					: "it is " + state(state).name().toLowerCase() + "; only an open or running batch takes children"));
		}
		return index;
	}

	/** A child is about to run; false when its batch was cancelled (skip the body). */
	public boolean start(String batchId, long index) {
		return Replies.single(this.runner.run(START, where(batchId), keys(batchId),
				List.of(Long.toString(index), ms(OPEN_KEEP)))) == 1;
	}

	/**
	 * A child ended, completed or dead; counted once however often reported.
	 * @return what the batch owes now
	 */
	public Owed report(String batchId, long index, boolean dead) {
		return report(batchId, index, dead, null, "", "");
	}

	/**
	 * {@link #report} of a completed child with the value it returned (JSON, kept when at
	 * most 4096 bytes; null for none).
	 */
	public Owed report(String batchId, long index, boolean dead, @Nullable String value) {
		return report(batchId, index, dead, value, "", "");
	}

	/**
	 * {@link #report(String, long, boolean)}, a dead child listed by its queue and task
	 * id among the batch's dead children ({@link BatchIndex#dead}).
	 */
	public Owed report(String batchId, long index, boolean dead, String queue, String taskId) {
		return report(batchId, index, dead, null, queue, taskId);
	}

	/**
	 * A child ended: counted once, a completed child's value kept (null for none), a dead
	 * one listed by its queue and task id ("" for unlisted), and taken off that list when
	 * it completes after all (retried from the dead archive).
	 */
	public Owed report(String batchId, long index, boolean dead, @Nullable String value, String queue, String taskId) {
		String child = queue.isEmpty() ? "" : BatchIndex.entry(queue, taskId);
		return due(
				this.runner.run(REPORT, where(batchId), keys(batchId), List.of(Long.toString(index), dead ? "dd" : "ok",
						ms(OPEN_KEEP), (value != null) ? value : "", child, Integer.toString(BatchIndex.DEAD_KEPT))));
	}

	/** One page of the values the batch's completed children returned. */
	public BatchValues values(String batchId, String cursor, int count) {
		List<?> reply = Replies.list(this.runner.run(VALUES, where(batchId), List.of(key(batchId, "v")),
				List.of(cursor, Integer.toString(count))));
		List<BatchValues.Value> values = new ArrayList<>(reply.size() / 2);
		for (int i = 1; i + 1 < reply.size(); i += 2) {
			values.add(new BatchValues.Value(Long.parseLong(Replies.string(reply.get(i))),
					Replies.string(reply.get(i + 1))));
		}
		return new BatchValues(values, Replies.string(reply.get(0)));
	}

	/** These callbacks (kinds) are enqueued: no later call returns them. */
	public void fired(String batchId, List<String> kinds) {
		if (!kinds.isEmpty()) {
			this.runner.run(FIRED, where(batchId), List.of(key(batchId, "b")), kinds);
		}
	}

	/** Cancel: 1 cancelled, 0 it had ended, -1 no such batch. */
	public int cancel(String batchId, Duration keep) {
		return (int) Replies.single(this.runner.run(CANCEL, where(batchId), keys(batchId), List.of(ms(keep))));
	}

	/** The batch's progress, empty when there is no such batch. */
	public Optional<BatchInfo> find(String batchId) {
		List<?> v = Replies.list(this.runner.run(INFO, where(batchId), List.of(key(batchId, "b")), List.of()));
		if (v.isEmpty() || v.get(0) == null) {
			return Optional.empty();
		}
		long total = number(v.get(1));
		long completed = number(v.get(2));
		long dead = number(v.get(3));
		long active = Math.max(0, number(v.get(4)));
		long pending = Math.max(0, total - completed - dead - active);
		Instant ended = (v.get(7) != null) ? Instant.ofEpochMilli(number(v.get(7))) : null;
		return Optional.of(new BatchInfo(batchId, (v.get(5) != null) ? Replies.string(v.get(5)) : "",
				state(Replies.string(v.get(0))), total, pending, active, completed, dead,
				Instant.ofEpochMilli(number(v.get(6))), ended));
	}

	/**
	 * Checks a batch id given from outside (an endpoint, a header): it becomes part of a
	 * key and names the slot.
	 */
	public static String checkId(String batchId) {
		if (batchId == null || batchId.isEmpty() || batchId.length() > 64 || batchId.contains("{")
				|| batchId.contains("}") || batchId.contains(":") || !batchId.strip().equals(batchId)) {
			throw new IllegalArgumentException("'" + batchId + "' is not a batch id: one is 1 to 64 characters "
					+ "without braces, colons or surrounding blanks, as BatchReceipt.batchId() gives it");
		}
		return batchId;
	}

	// the dead children's list and the bitmap of children counted dead last: the scripts
	// that expire or persist a batch's keys loop over them all, so they live and go with
	// it
	private List<String> keys(String batchId) {
		return List.of(key(batchId, "b"), key(batchId, "r"), key(batchId, "s"), key(batchId, "v"), key(batchId, "d"),
				key(batchId, "k"));
	}

	private String key(String batchId, String part) {
		return this.prefix + ":{b:" + checkId(batchId) + "}:" + part;
	}

	private static String where(String batchId) {
		return "batch " + batchId;
	}

	private static Owed due(Object reply) {
		List<?> list = Replies.list(reply);
		List<Due> due = new ArrayList<>(list.size() / 2);
		String parent = null;
		for (int i = 1; i + 1 < list.size(); i += 2) {
			String kind = Replies.string(list.get(i));
			if (kind.equals("p")) {
				parent = Replies.string(list.get(i + 1));
			}
			else {
				due.add(new Due(kind, StoredCall.read(Replies.string(list.get(i + 1)))));
			}
		}
		return new Owed(list.isEmpty() ? "" : Replies.string(list.get(0)), due, parent);
	}

	private static BatchState state(String code) {
		return switch (code) {
			case "o" -> BatchState.OPEN;
			case "s" -> BatchState.SUCCEEDED;
			case "c" -> BatchState.COMPLETED;
			case "x" -> BatchState.CANCELLED;
			default -> BatchState.RUNNING;
		};
	}

	private static long number(@Nullable Object reply) {
		return (reply != null) ? Replies.number(reply) : 0;
	}

	private static String ms(Duration duration) {
		return Long.toString(Math.max(1, duration.toMillis()));
	}

}
