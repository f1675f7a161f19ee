package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import io.github.asynctask.redis.DeliveryToken;
import io.github.asynctask.redis.FleetCalls;
import io.github.asynctask.redis.FleetSize;
import io.github.asynctask.redis.RedisBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews the leases of this instance's running deliveries (one call per queue shard),
 * refreshes the instance's registration and marks it as serving each of its queues in one
 * call, counting the live instances per queue for the {@link ClusterSpread} (in a large
 * fleet every few heartbeats: {@link RegistrationPace}). A delivery whose lease was taken
 * away (or whose deadline passed, which Redis no longer renews) is stopped and a late
 * failure of it skipped, since another worker may run it now; a late success is still
 * sent.
 */
final class Heartbeat implements PeriodicLoop.Step {

	private static final Logger logger = LoggerFactory.getLogger(Heartbeat.class);

	private final RedisBroker broker;

	private final Map<String, RunningTasks> runningByQueue;

	private final String instanceId;

	private final Supplier<String> info;

	private final Duration lease;

	private final Duration interval;

	private final ClusterSpread spread;

	private final RunningReports reports;

	private final FleetCalls fleet;

	private final RegistrationPace registration;

	Heartbeat(RedisBroker broker, Map<String, RunningTasks> runningByQueue, String instanceId, Supplier<String> info,
			Duration lease, Duration interval, ClusterSpread spread) {
		this.broker = broker;
		this.runningByQueue = Map.copyOf(runningByQueue);
		this.instanceId = instanceId;
		this.info = info;
		this.lease = lease;
		this.interval = interval;
		this.spread = spread;
		this.reports = new RunningReports(broker);
		this.fleet = FleetAgents.of(broker);
		this.registration = new RegistrationPace(interval, lease);
	}

	@Override
	public Duration run() {
		this.runningByQueue.forEach(this::extend);
		if (this.registration.due()) {
			FleetSize size = this.fleet.heartbeat(this.instanceId, this.info.get(), this.registration.ttl(),
					this.runningByQueue.keySet());
			this.spread.count(size);
			this.registration.sent(size.instances());
		}
		return this.interval;
	}

	private void extend(String queue, RunningTasks running) {
		running.leasedByShard().forEach((shard, leased) -> extend(shard, running, leased));
	}

	private void extend(String queue, RunningTasks running, List<DeliveryToken> leased) {
		// measured before the call: the lease cannot end earlier than this plus its
		// length
		long validUntil = System.nanoTime() + this.lease.toNanos();
		Set<DeliveryToken> lost = this.broker.extendLeases(queue, leased, this.lease);
		if (!lost.isEmpty()) {
			Set<String> stopped = running.lost(lost);
			if (!stopped.isEmpty()) {
				logger.warn(
						"Lost the lease of {} running task(s) of queue '{}' (this instance stalled longer than "
								+ "async-task.lease={}); stopped them, another worker may run them: {}",
						stopped.size(), queue, this.lease, stopped);
			}
		}
		List<DeliveryToken> renewed = leased.stream().filter((delivery) -> !lost.contains(delivery)).toList();
		running.renewed(renewed, validUntil);
		this.reports.send(queue, running, renewed);
	}

}
