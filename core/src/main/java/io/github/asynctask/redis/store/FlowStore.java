package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import io.github.asynctask.redis.DueWaits;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.OwedEntry;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The Redis side of flows ("run after"), one script per step, each in one queue's slot:
 * park a waiting task ({@code flow_wait.lua}), register it with an awaited condition or
 * find that condition met ({@code flow_watch.lua}, one set per condition), mark a
 * condition met and collect a batch of the waiters it owes a release
 * ({@code flow_done.lua}, the rest in batches by {@code flow_drain.lua}), cross a
 * condition off a waiting task ({@code flow_release.lua}, idempotent), forget carried-out
 * releases ({@code flow_settle.lua}), the two sweeps ({@code flow_due.lua},
 * {@code flow_owed.lua}), and the end of a wait that timed out ({@code flow_expire.lua})
 * or was deleted ({@code flow_unwatch.lua}). Owed entries are {@link OwedEntry} JSON
 * arrays. What the steps mean together lives in {@code flow/}.
 * <p>
 * Not final only so that a test can stand between two steps (the reliability suite halts
 * a worker JVM right after {@link #done}); an application has no reason to extend it.
 */
public class FlowStore {

	private static final Logger logger = LoggerFactory.getLogger(FlowStore.class);

	public static final LuaScript WAIT = LuaScript.load("flow_wait");

	static final LuaScript DONE = LuaScript.load("flow_done");

	static final LuaScript DRAIN = LuaScript.load("flow_drain");

	/**
	 * Separates the queue and the id in the messages of the results channel (a queue name
	 * holds no newline; the id is the rest).
	 */
	public static final String SEPARATOR = "\n";

	/** Most waiters moved to the owed releases per call, and most entries per sweep. */
	public static final int BATCH = 100;

	/**
	 * Most waiting tasks released per call: about 1 ms of Redis time on an idle core, so
	 * a call stays far below 10 ms even when Redis shares its CPU.
	 */
	static final int RELEASES_PER_CALL = 25;

	/** How much longer than its waiter's wait a registration is kept. */
	static final Duration KEEP_MARGIN = Duration.ofHours(1);

	/** Least time between two checks of a waiting task (its first check too). */
	public static final Duration CHECK_LEAST = Duration.ofSeconds(30);

	/**
	 * Most time between two checks of a waiting task: a lost registration is repaired
	 * within as long as the task has waited, at most this.
	 */
	static final Duration CHECK_MOST = Duration.ofHours(1);

	private final ScriptRunner runner;

	private final RedisKeys keys;

	private final FlowWaits waits;

	private final FlowSweeps sweeps;

	private final FlowResults results;

	/** Told the awaited queue when waiters of a met condition are left to move. */
	private volatile Consumer<String> drainsLeft = (queue) -> {
	};

	public FlowStore(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration replyTimeout) {
		this(new ScriptRunner(connectionFactory, replyTimeout), keys);
	}

	public FlowStore(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
		this.waits = new FlowWaits(runner, keys);
		this.sweeps = new FlowSweeps(runner, keys);
		this.results = new FlowResults(runner, keys);
	}

	/**
	 * Be told the queue each time a completion left waiters of a met condition to be
	 * moved in further batches; the sweeper then carries on at once.
	 */
	public void onDrainsLeft(Consumer<String> listener) {
		this.drainsLeft = listener;
	}

	/** A completion in {@code queue} left waiters to move: tell the listener. */
	public void drainsLeft(String queue) {
		this.drainsLeft.accept(queue);
	}

	/** What registering a waiter with a condition found. */
	public enum Watch {

		/** The condition is met already: release the waiter for it. */
		MET,

		/** Registered: the completing worker releases it. */
		REGISTERED,

		/**
		 * Registered, and a key of another type in the waiter set's place was replaced.
		 */
		REPLACED_UNREADABLE

	}

	/**
	 * Park a task as waiting.
	 * @param firstCheck when the sweep first registers it again
	 * @return the enqueue outcome ({@code WAITING}, {@code DUPLICATE} or
	 * {@code ALREADY_EXISTS}) with the id
	 */
	public EnqueueResult park(EnqueueRequest request, String uniqueKey, Duration firstCheck) {
		return this.waits.park(request, uniqueKey, firstCheck);
	}

	/**
	 * Register waiting task {@code id} of {@code queue} with a condition.
	 * @param waitLeft how long the task may still wait: the registration is kept that
	 * long and {@link #KEEP_MARGIN} more
	 */
	public Watch watch(EnqueueRequest.Awaited awaited, String queue, String id, Duration waitLeft) {
		return this.waits.watch(awaited, queue, id, waitLeft);
	}

	/** Forget the registration of waiting task {@code id} of {@code queue} (it ended). */
	public void unwatch(EnqueueRequest.Awaited awaited, String queue, String id) {
		this.waits.unwatch(awaited, queue, id);
	}

	/**
	 * Register waiting task {@code id} of {@code queue} with every condition and release
	 * it for those met; a key of another type in a waiter set's place is replaced, with a
	 * warning.
	 * @param waitLeft how long the task may still wait
	 * @return whether this call released it to pending
	 */
	public boolean watchAll(String queue, String id, List<EnqueueRequest.Awaited> after, Duration waitLeft) {
		boolean released = false;
		for (EnqueueRequest.Awaited awaited : after) {
			Watch watch = watch(awaited, queue, id, waitLeft);
			if (watch == Watch.REPLACED_UNREADABLE) {
				logger.warn(
						"Dropped an unreadable list of tasks waiting for {} in queue '{}' (found while "
								+ "registering task {}); the waiters it held register again at their next check",
						awaited.condition(), awaited.queue(), id);
			}
			if (watch == Watch.MET && release(queue, id, awaited) == 1) {
				released = true;
			}
		}
		return released;
	}

	/**
	 * Mark a condition of {@code queue} met for {@code remember}.
	 * @return the owed entries ({@link OwedEntry}) it added, at most {@link #BATCH}
	 * releases and, when more waiters are left, the drain entry last
	 */
	public List<String> done(String queue, String condition, Duration remember) {
		List<?> reply = Replies.list(this.runner.run(DONE, queue,
				List.of(this.keys.flowWaiters(queue, condition), this.keys.flowMet(queue), this.keys.flowOwed(queue),
						this.keys.flowWatchers(queue)),
				List.of(condition, Long.toString(Math.max(1, remember.toMillis())), Integer.toString(BATCH))));
		return FlowArgs.strings(reply, 0);
	}

	/**
	 * Move the next {@link #BATCH} waiters of a met condition of {@code queue} to the
	 * owed releases.
	 * @return the owed entries it added, the drain entry last when more waiters are left
	 */
	public List<String> drain(String queue, String condition) {
		return FlowArgs.strings(
				Replies.list(
						this.runner.run(DRAIN, queue,
								List.of(this.keys.flowWaiters(queue, condition), this.keys.flowOwed(queue),
										this.keys.flowWatchers(queue)),
								List.of(condition, Integer.toString(BATCH)))),
				0);
	}

	/**
	 * Cross a met condition off waiting task {@code id} of {@code queue}.
	 * @return 1 released to pending, 2 crossed off, 0 nothing to do, -1 unreadable
	 */
	public int release(String queue, String id, EnqueueRequest.Awaited awaited) {
		return releaseAll(queue, List.of(new Release(id, awaited))).get(0);
	}

	/**
	 * Cross met conditions off waiting tasks of {@code queue}, {@link #RELEASES_PER_CALL}
	 * per call.
	 * @return per release, in order, what {@link #release} returns
	 */
	public List<Integer> releaseAll(String queue, List<Release> releases) {
		return this.waits.releaseAll(queue, releases);
	}

	/** A met condition to cross off waiting task {@code id}. */
	public record Release(String id, EnqueueRequest.Awaited awaited) {
	}

	/** Forget owed entries of {@code queue} that were carried out. */
	public void settle(String queue, List<String> entries) {
		this.sweeps.settle(queue, entries);
	}

	/** Owed entries of {@code queue} older than {@code grace}. */
	public List<String> owed(String queue, Duration grace, int limit) {
		return this.sweeps.owed(queue, grace, limit);
	}

	/**
	 * Sweep the waiting tasks of {@code queue} whose check time came; each one's next
	 * check comes after as long as it has waited, between {@link #CHECK_LEAST} and
	 * {@link #CHECK_MOST}, and at its deadline at the latest.
	 * @return how many went to dead (unreadable data), and the others with what they
	 * still wait for
	 */
	public DueWaits due(String queue, int limit) {
		return this.sweeps.due(queue, limit);
	}

	/**
	 * Move waiting task {@code id} of {@code queue} to dead if its wait deadline passed
	 * and it still waits.
	 * @return whether it went to dead
	 */
	public boolean expire(String queue, String id) {
		return this.sweeps.expire(queue, id);
	}

	/** Keep the result of task {@code id} for {@code retention} and announce it. */
	public void putResult(String queue, String id, String json, Duration retention) {
		this.results.put(queue, id, json, retention);
	}

	/** Where the results of these tasks of {@code queue} stand, in order. */
	public List<ResultState> results(String queue, List<String> ids) {
		return this.results.states(queue, ids);
	}

	/**
	 * What a task waits for (queue, condition pairs as stored JSON, {@code ""} when it
	 * waits for nothing) and its kept result cut to {@code most} characters.
	 */
	public Details details(String queue, String id, int most) {
		return this.results.details(queue, id, most);
	}

	/**
	 * A task's flow details: raw wait JSON, result JSON (maybe cut), full result length.
	 */
	public record Details(String waitJson, String result, long resultLength) {
	}

	/** The channel announcing stored results. */
	public String resultsChannel() {
		return this.keys.resultsChannel();
	}

	/**
	 * Where a result stands: {@code r} stored ({@code a} the JSON), {@code d} dead
	 * ({@code a} task name, {@code b} last error), {@code p} not finished, {@code x}
	 * nothing known.
	 */
	public record ResultState(char status, String a, String b) {
	}

}
