package io.github.asynctask.metrics;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

import io.github.asynctask.QueueStats;
import io.github.asynctask.redis.RedisBroker;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gauges over Redis: {@code asynctask.queue.size} (tags {@code queue}, {@code state}) and
 * {@code asynctask.queue.latency} (age of the oldest pending task) for every queue
 * registered in Redis, {@code asynctask.workers.busy} for every queue this instance
 * serves, and {@code asynctask.queues} (how many queues are registered). Redis is read at
 * most once per refresh interval per queue; queues registered later get their gauges when
 * the registry next publishes.
 */
public final class QueueMetrics implements MeterBinder {

	private static final Logger logger = LoggerFactory.getLogger(QueueMetrics.class);

	private static final Map<String, ToDoubleFunction<QueueStats>> SIZES = Map.of("pending", QueueStats::pending,
			"scheduled", QueueStats::scheduled, "active", QueueStats::active, "retry", QueueStats::retry, "dead",
			QueueStats::dead, "completed", QueueStats::completed, "waiting", QueueStats::waiting);

	private final RedisBroker broker;

	private final BusyWorkers busyWorkers;

	private final Duration refresh;

	private final Clock clock;

	private final QueueStatsCache stats;

	// Gauges by queue; touched by binding and by publishing threads.
	private final Map<String, List<Meter>> bound = new ConcurrentHashMap<>();

	private final Set<String> busyBound = ConcurrentHashMap.newKeySet();

	// Guarded by this: the last read of the queue names.
	private @Nullable Instant discoveredAt;

	private int knownQueues;

	private double liveInstances = Double.NaN;

	private @Nullable MeterRegistry registry;

	/**
	 * Gauges that read the broker at most once per {@code refresh}.
	 * @param busyWorkers this instance's busy threads; {@code Map::of} on an instance
	 * without workers
	 */
	public QueueMetrics(RedisBroker broker, BusyWorkers busyWorkers, Duration refresh) {
		this(broker, busyWorkers, refresh, Clock.systemUTC());
	}

	QueueMetrics(RedisBroker broker, BusyWorkers busyWorkers, Duration refresh, Clock clock) {
		this.broker = broker;
		this.busyWorkers = busyWorkers;
		this.refresh = refresh;
		this.clock = clock;
		this.stats = new QueueStatsCache(broker::stats, refresh, clock);
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		this.registry = registry;
		Gauge.builder("asynctask.queues", this, QueueMetrics::discover)
			.description("Queues registered in Redis by any instance")
			.strongReference(true)
			.register(registry);
		Gauge.builder("asynctask.instances", this, QueueMetrics::instances)
			.description("Instances whose heartbeat is current in Redis")
			.strongReference(true)
			.register(registry);
		discover();
	}

	synchronized double instances() {
		discover();
		return this.liveInstances;
	}

	/**
	 * Register gauges for queues not seen yet; reads the queue names at most once per
	 * interval.
	 */
	synchronized double discover() {
		Instant now = this.clock.instant();
		if (this.discoveredAt != null && now.isBefore(this.discoveredAt.plus(this.refresh))) {
			return this.knownQueues;
		}
		this.discoveredAt = now;
		try {
			Set<String> queues = this.broker.knownQueues();
			this.knownQueues = queues.size();
			queues.forEach(this::bindQueue);
			// a queue the janitor forgot keeps no gauges here
			this.bound.keySet().stream().filter((queue) -> !queues.contains(queue)).toList().forEach(this::unbindQueue);
			this.liveInstances = this.broker.instances().size();
		}
		catch (RuntimeException ex) {
			logger.debug("Could not read the registered queues; queue gauges are not updated", ex);
		}
		this.busyWorkers.busyThreads().keySet().forEach(this::bindBusy);
		return this.knownQueues;
	}

	private void bindQueue(String queue) {
		MeterRegistry registry = this.registry;
		if (registry == null || this.bound.containsKey(queue)) {
			return;
		}
		List<Meter> meters = new ArrayList<>();
		SIZES.forEach((state,
				size) -> meters.add(Gauge.builder("asynctask.queue.size", this, (m) -> m.read(queue, size))
					.description("Tasks of the queue in the state")
					.tags("queue", queue, "state", state)
					.strongReference(true)
					.register(registry)));
		meters.add(TimeGauge
			.builder("asynctask.queue.latency", this, TimeUnit.MILLISECONDS,
					(m) -> m.read(queue, (s) -> s.latency().toMillis()))
			.description("Age of the oldest pending task")
			.tags("queue", queue)
			.strongReference(true)
			.register(registry));
		this.bound.put(queue, meters);
	}

	private void unbindQueue(String queue) {
		List<Meter> meters = this.bound.remove(queue);
		MeterRegistry registry = this.registry;
		if (meters != null && registry != null) {
			meters.forEach(registry::remove);
			this.stats.forget(queue);
		}
	}

	private void bindBusy(String queue) {
		MeterRegistry registry = this.registry;
		if (registry == null || !this.busyBound.add(queue)) {
			return;
		}
		Gauge.builder("asynctask.workers.busy", this, (m) -> m.busyWorkers.busyThreads().getOrDefault(queue, 0))
			.description("Threads of this instance running a task of the queue")
			.tags("queue", queue)
			.strongReference(true)
			.register(registry);
	}

	private double read(String queue, ToDoubleFunction<QueueStats> value) {
		QueueStats stats = this.stats.get(queue);
		return (stats != null) ? value.applyAsDouble(stats) : Double.NaN;
	}

}
