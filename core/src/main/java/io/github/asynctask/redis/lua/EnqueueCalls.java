package io.github.asynctask.redis.lua;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.DirectScripts;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;
import io.github.asynctask.limit.BacklogLimits;

/**
 * Writes requests as calls of {@code enqueue.lua} (one call per queue and per
 * {@value #MAX_PER_CALL} tasks, pipelined when there are several) and reads their
 * replies. The arguments go out as bytes built once per task, with each queue's keys
 * encoded once: in a batch this marshalling is a share of the JVM's cost per task.
 */
final class EnqueueCalls {

	/**
	 * Most tasks one enqueue call carries: bounds how long the script runs and the
	 * arguments Lua unpacks (the script refuses more than 1,000).
	 */
	static final int MAX_PER_CALL = 500;

	private static final byte[] NO_RUN_AT = bytes("+0");

	private static final byte[] NO_DEDUP = bytes("0");

	private static final byte[] NO_CONCURRENCY_KEY = new byte[0];

	private static final byte[][] SMALL_NUMBERS = new byte[101][];

	static {
		for (int i = 0; i < SMALL_NUMBERS.length; i++) {
			SMALL_NUMBERS[i] = bytes(Integer.toString(i));
		}
	}

	private final ScriptRunner runner;

	/** Sends a lone call on the caller's thread when it can (no event-loop hop). */
	private final DirectScripts direct;

	private final RedisKeys keys;

	/** Each queue's keys, encoded once. */
	private final Map<String, QueueKeys> queueKeys = new ConcurrentHashMap<>();

	/** Backlog limits by queue; set once at start-up, before the first submit. */
	private volatile BacklogLimits backlogLimits = BacklogLimits.NONE;

	EnqueueCalls(DirectScripts direct, ScriptRunner runner, RedisKeys keys) {
		this.direct = direct;
		this.runner = runner;
		this.keys = keys;
	}

	void backlogLimits(BacklogLimits limits) {
		this.backlogLimits = limits;
	}

	/** Results in request order. */
	List<EnqueueResult> send(List<EnqueueRequest> requests) {
		List<List<Integer>> calls = calls(requests);
		List<byte[][]> callKeys = new ArrayList<>(calls.size());
		List<byte[][]> callArgs = new ArrayList<>(calls.size());
		for (List<Integer> call : calls) {
			List<EnqueueRequest> tasks = new ArrayList<>(call.size());
			call.forEach((position) -> tasks.add(requests.get(position)));
			QueueKeys queue = this.queueKeys.computeIfAbsent(tasks.get(0).queue(), this::encode);
			long limit = this.backlogLimits.scriptLimit(tasks.get(0).queue());
			callKeys.add(keys(queue, tasks, limit >= 0));
			callArgs.add(args(queue, tasks, limit));
		}
		String firstQueue = requests.get(0).queue();
		List<Object> replies = (calls.size() == 1)
				? List.of(this.direct.<Object>run(Scripts.ENQUEUE, firstQueue, callKeys.get(0), callArgs.get(0)))
				: this.runner.runAllBytes(Scripts.ENQUEUE, firstQueue, callKeys, callArgs);
		EnqueueResult[] results = new EnqueueResult[requests.size()];
		for (int c = 0; c < calls.size(); c++) {
			List<?> values = Replies.list(replies.get(c));
			List<Integer> call = calls.get(c);
			for (int i = 0; i < call.size(); i++) {
				EnqueueRequest request = requests.get(call.get(i));
				results[call.get(i)] = result(request, values.get(2 * i), values.get(2 * i + 1));
			}
		}
		return List.of(results);
	}

	/** Positions of the requests, grouped by queue and cut into calls of bounded size. */
	private static List<List<Integer>> calls(List<EnqueueRequest> requests) {
		Map<String, List<Integer>> byQueue = new LinkedHashMap<>();
		for (int i = 0; i < requests.size(); i++) {
			byQueue.computeIfAbsent(requests.get(i).queue(), (queue) -> new ArrayList<>()).add(i);
		}
		List<List<Integer>> calls = new ArrayList<>();
		for (List<Integer> positions : byQueue.values()) {
			for (int from = 0; from < positions.size(); from += MAX_PER_CALL) {
				calls.add(positions.subList(from, Math.min(positions.size(), from + MAX_PER_CALL)));
			}
		}
		return calls;
	}

	/**
	 * The five fixed keys, one dedup key (or placeholder) per task, the completed-ids
	 * set, then with a backlog limit the retry set.
	 */
	private byte[][] keys(QueueKeys queue, List<EnqueueRequest> tasks, boolean limited) {
		byte[][] keys = new byte[6 + tasks.size() + (limited ? 1 : 0)][];
		System.arraycopy(queue.fixed, 0, keys, 0, 5);
		for (int i = 0; i < tasks.size(); i++) {
			EnqueueRequest request = tasks.get(i);
			keys[5 + i] = (request.bizId() != null)
					? bytes(this.keys.unique(request.queue(), request.name(), request.bizId())) : queue.noUnique;
		}
		keys[5 + tasks.size()] = queue.done;
		if (limited) {
			keys[keys.length - 1] = queue.retry;
		}
		return keys;
	}

	/**
	 * The due channel, six values per task, then when a task has a concurrency key two
	 * more per task, then the backlog limit when there is one ({@code limit >= 0}).
	 */
	private static byte[][] args(QueueKeys queue, List<EnqueueRequest> tasks, long limit) {
		boolean keyed = tasks.stream().anyMatch((request) -> request.concurrencyKey() != null);
		byte[][] args = new byte[1 + tasks.size() * (keyed ? 8 : 6) + ((limit >= 0) ? 1 : 0)][];
		args[0] = queue.dueChannel;
		int next = 1;
		for (EnqueueRequest request : tasks) {
			boolean dedup = request.bizId() != null && request.dedupTtl().toMillis() > 0;
			args[next++] = bytes(request.id());
			args[next++] = bytes(request.name());
			args[next++] = bytes(request.payload());
			args[next++] = number(request.maxRetries());
			args[next++] = (request.at() != null) ? bytes(Long.toString(Math.max(0, request.at().toEpochMilli())))
					: (request.delay() != null) ? bytes("+" + millis(request.delay())) : NO_RUN_AT;
			args[next++] = dedup ? bytes(millis(request.dedupTtl())) : NO_DEDUP;
		}
		if (keyed) {
			for (EnqueueRequest request : tasks) {
				String key = request.concurrencyKey();
				args[next++] = (key != null) ? bytes(key) : NO_CONCURRENCY_KEY;
				args[next++] = number(request.maxConcurrency());
			}
		}
		if (limit >= 0) {
			args[next] = bytes(Long.toString(limit));
		}
		return args;
	}

	private QueueKeys encode(String queue) {
		RedisKeys keys = this.keys;
		byte[][] fixed = { bytes(keys.tasks(queue)), bytes(keys.pending(queue)), bytes(keys.scheduled(queue)),
				bytes(keys.payloads(queue)), bytes(keys.wake(queue)) };
		return new QueueKeys(fixed, bytes(keys.noUnique(queue)), bytes(keys.done(queue)), bytes(keys.dueChannel(queue)),
				bytes(keys.retry(queue)));
	}

	/**
	 * The outcome of one task; the id is the request's own unless a duplicate names the
	 * task holding the bizId.
	 */
	private static EnqueueResult result(EnqueueRequest request, Object code, Object id) {
		return switch ((int) Replies.number(code)) {
			case 1 -> new EnqueueResult(request.id(), EnqueueResult.Outcome.ENQUEUED);
			case 2 -> new EnqueueResult(request.id(), EnqueueResult.Outcome.SCHEDULED);
			case 0 -> new EnqueueResult(Replies.string(id), EnqueueResult.Outcome.DUPLICATE);
			case 3 -> new EnqueueResult(request.id(), EnqueueResult.Outcome.ALREADY_EXISTS);
			case 4 -> new EnqueueResult(request.id(), EnqueueResult.Outcome.QUEUE_FULL, Replies.number(id));
			default -> throw new IllegalStateException("Unexpected enqueue reply " + code + " for task " + request.id()
					+ " of queue '" + request.queue() + "'");
		};
	}

	private static byte[] number(int value) {
		return (value >= 0 && value < SMALL_NUMBERS.length) ? SMALL_NUMBERS[value] : bytes(Integer.toString(value));
	}

	private static String millis(Duration duration) {
		return Long.toString(Math.max(0, duration.toMillis()));
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	/** A queue's keys as bytes; {@code fixed}: the script's first five keys. */
	private record QueueKeys(byte[][] fixed, byte[] noUnique, byte[] done, byte[] dueChannel, byte[] retry) {
	}

}
