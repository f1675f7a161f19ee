package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

/**
 * What the console and the endpoint list of batches: the prefix's index of recent batches
 * ({@code <prefix>:{batches}:recent}, one write per batch, {@code batch_index.lua}) and
 * each batch's last dead children ({@code <prefix>:{b:<id>}:d}, written by
 * {@code batch_report.lua} when a child is counted dead). Both are bounded: the index
 * keeps {@link #KEPT} batches for {@link #LISTED}, a batch at most {@link #DEAD_KEPT}
 * dead children.
 */
public final class BatchIndex {

	/** How many batches the index keeps. */
	public static final int KEPT = 1000;

	/** How long a batch stays in the index (as long as an ended batch is kept). */
	public static final Duration LISTED = Duration.ofDays(7);

	/** How many dead children a batch lists (the newest). */
	public static final int DEAD_KEPT = 1000;

	static final LuaScript INDEX = LuaScript.load("batch_index");

	static final LuaScript PAGE = LuaScript.load("batch_page");

	private final ScriptRunner runner;

	private final String prefix;

	BatchIndex(ScriptRunner runner, String prefix) {
		this.runner = runner;
		this.prefix = prefix;
	}

	/** A page of ids and how many there are in all. */
	public record Page(long total, List<String> ids) {
	}

	/** A dead child of a batch: the (physical) queue it died in and its task id. */
	public record DeadChild(String queue, String taskId) {
	}

	/** A page of a batch's dead children, newest first, and how many are kept in all. */
	public record DeadPage(long total, List<DeadChild> children) {
	}

	/** List a new batch; one call per batch. */
	public void record(String batchId) {
		this.runner.run(INDEX, "batch index", List.of(indexKey()),
				List.of(BatchStore.checkId(batchId), Integer.toString(KEPT), Long.toString(LISTED.toMillis())));
	}

	/** The ids of the most recent batches, newest first. */
	public Page recent(int offset, int count) {
		List<?> reply = Replies.list(this.runner.run(PAGE, "batch index", List.of(indexKey()),
				List.of(Integer.toString(Math.max(0, offset)), Integer.toString(Math.max(1, Math.min(count, 1000))))));
		List<String> ids = new ArrayList<>(reply.size());
		for (int i = 1; i < reply.size(); i++) {
			ids.add(Replies.string(reply.get(i)));
		}
		return new Page(reply.isEmpty() ? 0 : Replies.number(reply.get(0)), ids);
	}

	/** A page of the batch's dead children, newest first. */
	public DeadPage dead(String batchId, int offset, int count) {
		List<?> reply = Replies.list(this.runner.run(PAGE, "batch " + batchId, List.of(deadKey(batchId)),
				List.of(Integer.toString(Math.max(0, offset)), Integer.toString(Math.max(1, Math.min(count, 1000))))));
		List<DeadChild> children = new ArrayList<>(reply.size());
		for (int i = 1; i < reply.size(); i++) {
			String entry = Replies.string(reply.get(i));
			int space = entry.indexOf(' ');
			if (space > 0) {
				children.add(new DeadChild(entry.substring(0, space), entry.substring(space + 1)));
			}
		}
		return new DeadPage(reply.isEmpty() ? 0 : Replies.number(reply.get(0)), children);
	}

	/** The entry {@code batch_report.lua} keeps for a dead child. */
	static String entry(String queue, String taskId) {
		return queue + " " + taskId;
	}

	String indexKey() {
		return this.prefix + ":{batches}:recent";
	}

	String deadKey(String batchId) {
		return this.prefix + ":{b:" + BatchStore.checkId(batchId) + "}:d";
	}

}
