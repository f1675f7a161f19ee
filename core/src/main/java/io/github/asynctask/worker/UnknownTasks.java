package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.HandBackResult;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.version.NewerTaskVersionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Hands back deliveries whose task name this instance does not define, so that an
 * instance that does runs them (a rolling deploy), and goes to dead only after
 * {@code async-task.worker.unknown-task-grace}. Warns once per queue and name, naming the
 * other instances that serve the queue: when none of them defines it either, another
 * application shares the key prefix.
 */
final class UnknownTasks {

	private static final Logger logger = LoggerFactory.getLogger(UnknownTasks.class);

	/**
	 * Wait before a handed-back task is fetched again, jittered to between half and all
	 * of it; it grows with the time since the first hand-back, up to {@link #MAX_DELAY}.
	 */
	static final Duration DELAY = Duration.ofSeconds(4);

	/** Longest wait, reached as the time since the first hand-back grows. */
	static final Duration MAX_DELAY = Duration.ofMinutes(1);

	private final RedisBroker broker;

	private final TaskListener listener;

	private final Duration grace;

	private final String instanceId;

	/** "queue\0name" already warned about. */
	private final Set<String> warned = ConcurrentHashMap.newKeySet();

	UnknownTasks(RedisBroker broker, TaskListener listener, Duration grace, String instanceId) {
		this.broker = broker;
		this.listener = listener;
		this.grace = grace;
		this.instanceId = instanceId;
	}

	/**
	 * The report that hands this delivery back (or, after the grace, sends it to dead).
	 */
	Report report(RunningTask task) {
		return report(task, null);
	}

	/**
	 * The report that hands back a delivery whose name, or whose version ({@code newer}
	 * not null), this instance does not know.
	 */
	Report report(RunningTask task, @Nullable NewerTaskVersionException newer) {
		Delivery delivery = task.delivery();
		warnOnce(delivery, newer);
		String error = (newer == null)
				? "No task named '" + delivery.name() + "' on instance " + this.instanceId
						+ "; handed back for an instance that defines it"
				: newer.getMessage() + " (instance " + this.instanceId + "); handed back for an instance that knows "
						+ "version " + newer.storedVersion();
		String deadReason = (newer == null)
				? "No instance that fetched it defines a task named '" + delivery.name() + "' (queue '"
						+ delivery.queue() + "') within async-task.worker.unknown-task-grace (" + this.grace
						+ "); was the @AsyncTask method renamed or removed? Restore it, or delete the task"
				: "No instance that fetched it knows version " + newer.storedVersion() + " of task '" + delivery.name()
						+ "' (queue '" + delivery.queue() + "') within async-task.worker.unknown-task-grace ("
						+ this.grace + "); was the deploy of @AsyncTask(version = " + newer.storedVersion()
						+ ") rolled back? Deploy it again, or delete the task";
		AtomicBoolean wentDead = new AtomicBoolean();
		return new Report(task, "hand back", () -> {
			HandBackResult result = this.broker.handBack(delivery, ClusterSpread.jitter(DELAY), MAX_DELAY, this.grace,
					error, deadReason);
			wentDead.set(result == HandBackResult.DEAD);
			return switch (result) {
				case HANDED_BACK, DEAD -> AckResult.APPLIED;
				case STALE -> AckResult.STALE;
				case MISSING -> AckResult.MISSING;
			};
		}, () -> {
			if (wentDead.get()) {
				this.listener.dead(delivery.queue(), delivery.name(), deadReason);
			}
		});
	}

	private void warnOnce(Delivery delivery, @Nullable NewerTaskVersionException newer) {
		String what = (newer == null) ? "" : "version " + newer.storedVersion() + " of ";
		if (!this.warned.add(delivery.queue() + '\0' + what + delivery.name())) {
			return;
		}
		List<String> serving;
		try {
			serving = servingInstances(delivery.queue());
		}
		catch (RuntimeException ex) {
			serving = List.of("(unknown: " + ex.getMessage() + ")");
		}
		logger.warn(
				"Queue '{}' holds {}tasks named '{}', which this instance ({}) does not define: handing them back for "
						+ "an instance that does, without counting attempts, for up to "
						+ "async-task.worker.unknown-task-grace ({}), then they go to dead. Other instances serving "
						+ "'{}': {}. Normal during a rolling deploy; if none of them defines '{}' either, another "
						+ "application shares key prefix '{}': give one of them its own async-task.key-prefix",
				delivery.queue(), what, delivery.name(), this.instanceId, this.grace, delivery.queue(), serving,
				delivery.name(), this.broker.keys().prefix());
	}

	/** Live instances other than this one whose heartbeat lists the queue. */
	private List<String> servingInstances(String queue) {
		List<String> serving = new ArrayList<>();
		for (Map.Entry<String, String> instance : this.broker.instances().entrySet()) {
			if (instance.getKey().equals(this.instanceId)) {
				continue;
			}
			JsonNode queues = JsonMapper.shared().readTree(instance.getValue()).path("queues");
			if (queues.has(queue)) {
				serving.add(instance.getKey());
			}
		}
		return serving;
	}

}
