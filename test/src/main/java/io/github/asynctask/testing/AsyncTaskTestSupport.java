package io.github.asynctask.testing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Waits, in a test against a real Redis ({@link AsyncTaskTestMode#REDIS}), until this
 * application's workers have drained queues: nothing pending, active, retrying or
 * scheduled and due. Fails when that does not happen in time, and when a task died since
 * the test method started (or the last drain), with the dead tasks' errors.
 */
public final class AsyncTaskTestSupport {

	private static final Duration POLL = Duration.ofMillis(20);

	/** Dead tasks looked at, at most, to tell those that died during a drain. */
	private static final int DEAD_LIMIT = 10_000;

	private final RedisBroker broker;

	private final RedisKeys keys;

	private final RedisConnectionFactory connectionFactory;

	private final Supplier<Collection<String>> servedQueues;

	private final Supplier<Collection<String>> queues;

	/**
	 * Ids of the dead tasks of each queue not to report; touched by the test's thread.
	 */
	private final Map<String, Set<String>> knownDead = new ConcurrentHashMap<>();

	/**
	 * @param servedQueues the queues this instance's workers serve
	 * @param queues every queue known: served, and those tasks submit to by default
	 */
	AsyncTaskTestSupport(RedisBroker broker, RedisKeys keys, RedisConnectionFactory connectionFactory,
			Supplier<Collection<String>> servedQueues, Supplier<Collection<String>> queues) {
		this.broker = broker;
		this.keys = keys;
		this.connectionFactory = connectionFactory;
		this.servedQueues = servedQueues;
		this.queues = queues;
	}

	/**
	 * Wait until the queue is drained.
	 * @throws AssertionError when it is not drained within the timeout, or when a task of
	 * the queue died since the test method started or the last drain
	 */
	public void drain(String queue, Duration timeout) {
		drain(List.of(queue), timeout);
	}

	/**
	 * Wait until every queue this instance serves ({@code async-task.queues}) is drained.
	 * @throws AssertionError when one is not drained within the timeout, or when a task
	 * died since the test method started or the last drain
	 */
	public void drainAll(Duration timeout) {
		drain(this.servedQueues.get(), timeout);
	}

	/**
	 * Take the tasks dead now as known: later drains report only tasks that die after
	 * this. Called before each test method, so that a task dying between its submit and
	 * the drain is reported too.
	 */
	public void forgetDeadTasks() {
		this.queues.get().forEach((queue) -> this.knownDead.put(queue, deadIds(queue)));
	}

	private void drain(Collection<String> queues, Duration timeout) {
		Map<String, Set<String>> deadBefore = new LinkedHashMap<>();
		queues.forEach((queue) -> deadBefore.put(queue, this.knownDead.computeIfAbsent(queue, this::deadIds)));
		long deadline = System.nanoTime() + timeout.toNanos();
		List<String> busy = busy(queues);
		while (!busy.isEmpty()) {
			if (System.nanoTime() - deadline > 0) {
				throw new AssertionError("Not drained within " + timeout + ": " + String.join("; ", busy)
						+ ". Is a worker serving the queue (async-task.queues, async-task.worker.enabled) "
						+ "and is the retry back-off (async-task.defaults.backoff.*) short enough for a test?");
			}
			pause();
			busy = busy(queues);
		}
		List<String> died = new ArrayList<>();
		deadBefore.forEach((queue,
				before) -> dead(queue).stream().filter((task) -> !before.contains(task.id())).forEach((task) -> {
					died.add("task '" + task.name() + "' " + task.id() + " in queue '" + queue + "' died after "
							+ task.attempts() + " attempt(s): " + task.lastError());
					// reported once
					this.knownDead.computeIfAbsent(queue, (name) -> ConcurrentHashMap.newKeySet()).add(task.id());
				}));
		if (!died.isEmpty()) {
			throw new AssertionError(died.size() + " task(s) died while draining: " + String.join("; ", died));
		}
	}

	/** What each queue still holds, or nothing when all are drained. */
	private List<String> busy(Collection<String> queues) {
		List<String> busy = new ArrayList<>();
		for (String queue : queues) {
			QueueStats stats = this.broker.stats(queue);
			long due = dueScheduled(queue);
			if (stats.pending() > 0 || stats.active() > 0 || stats.retry() > 0 || due > 0) {
				busy.add("queue '" + queue + "' has " + stats.pending() + " pending, " + stats.active() + " active, "
						+ stats.retry() + " retrying, " + due + " scheduled and due"
						+ (stats.paused() ? " (paused)" : ""));
			}
		}
		return busy;
	}

	// Scheduled tasks whose run-at (the score, epoch ms) has passed by Redis' clock;
	// those
	// not due yet do not keep a drain waiting.
	private long dueScheduled(String queue) {
		byte[] key = this.keys.scheduled(queue).getBytes(StandardCharsets.UTF_8);
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			Long now = connection.serverCommands().time(TimeUnit.MILLISECONDS);
			Long due = connection.zSetCommands().zCount(key, 0, (now != null) ? now : System.currentTimeMillis());
			return (due != null) ? due : 0;
		}
	}

	private Set<String> deadIds(String queue) {
		return dead(queue).stream().map(TaskInfo::id).collect(Collectors.toCollection(ConcurrentHashMap::newKeySet));
	}

	private List<TaskInfo> dead(String queue) {
		return this.broker.list(queue, TaskState.DEAD, 0, DEAD_LIMIT);
	}

	private static void pause() {
		try {
			Thread.sleep(POLL.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AssertionError("Interrupted while draining", ex);
		}
	}

}
