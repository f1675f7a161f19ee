package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Acks successful deliveries on its own thread, in groups: every ack waiting when a call
 * leaves goes in it, one call per queue, so under load Redis sees one call per burst
 * instead of one per task, and a pool thread is free for the next task while its ack
 * travels. The delivery stays in {@link RunningTasks} (its lease renewed) until Redis
 * answered; an ack Redis did not take goes to {@link PendingReports}. While a queue's
 * bodies end within microseconds, a group waits up to {@link #LINGER} for the acks of
 * that queue's other deliveries, so the acks of one fetch share a call instead of the
 * first going alone.
 */
final class AckSender {

	private static final Logger logger = LoggerFactory.getLogger(AckSender.class);

	/** Most acks per call, so one script never runs long. */
	static final int MAX_GROUP = 256;

	private static final long IDLE_CHECK_MILLIS = 100;

	/** Longest wait of a group for the acks of short bodies still running. */
	static final Duration LINGER = Duration.ofNanos(100_000);

	private final RedisBroker broker;

	private final Duration retention;

	private final PendingReports pending;

	private final BlockingQueue<Queued> queued = new LinkedBlockingQueue<>();

	private final Duration linger;

	private volatile boolean running;

	private volatile @Nullable Thread thread;

	AckSender(RedisBroker broker, Duration retention, PendingReports pending) {
		this(broker, retention, pending, LINGER);
	}

	AckSender(RedisBroker broker, Duration retention, PendingReports pending, Duration linger) {
		this.broker = broker;
		this.retention = retention;
		this.pending = pending;
		this.linger = linger;
	}

	void start() {
		this.running = true;
		this.thread = Daemons.start("asynctask-acks", this::loop);
	}

	/**
	 * Queue the ack of a successful delivery; sent at once unless a call is in flight.
	 * @return false when the sender is not running (the caller sends it itself)
	 */
	boolean offer(Report report, RunningTasks owner) {
		if (!this.running) {
			return false;
		}
		this.queued.add(new Queued(report, owner));
		return true;
	}

	/** Send what is queued, then stop; wait up to {@code timeout} for it. */
	void stop(Duration timeout) {
		this.running = false;
		Daemons.join(this.thread, timeout);
		// whatever is left (the thread gave up or was never started) goes the slow way
		for (Queued left = this.queued.poll(); left != null; left = this.queued.poll()) {
			this.pending.add(left.report(), left.owner());
		}
	}

	/** Stop at once without sending anything, as a crash would (tests). */
	void halt() {
		this.running = false;
		this.queued.clear();
		Thread thread = this.thread;
		if (thread != null) {
			thread.interrupt();
		}
	}

	private void loop() {
		List<Queued> group = new ArrayList<>();
		while (this.running || !this.queued.isEmpty()) {
			try {
				Queued first = this.queued.poll(IDLE_CHECK_MILLIS, TimeUnit.MILLISECONDS);
				if (first == null) {
					continue;
				}
				group.add(first);
				this.queued.drainTo(group, MAX_GROUP - 1);
				gatherShortBodies(group);
				sendByQueue(group);
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				logger.error(
						"Acking {} deliveries failed unexpectedly; the recoverer will retry them after their lease",
						group.size(), ex);
				group.forEach((queued) -> queued.owner().remove(queued.report().task()));
			}
			finally {
				group.clear();
			}
		}
	}

	/**
	 * While the first ack's queue runs short bodies and holds deliveries not in the group
	 * yet, wait up to the linger ({@link #LINGER}) for their acks.
	 */
	private void gatherShortBodies(List<Queued> group) throws InterruptedException {
		RunningTasks owner = group.get(0).owner();
		if (!owner.shortBodies()) {
			return;
		}
		long deadline = System.nanoTime() + this.linger.toNanos();
		while (group.size() < MAX_GROUP && owner.size() > group.size()) {
			long left = deadline - System.nanoTime();
			Queued next = (left > 0) ? this.queued.poll(left, TimeUnit.NANOSECONDS) : null;
			if (next == null) {
				return;
			}
			group.add(next);
			this.queued.drainTo(group, MAX_GROUP - group.size());
		}
	}

	private void sendByQueue(List<Queued> group) {
		if (oneQueue(group)) {
			// the usual case: no map and no lists per group
			send(group);
			return;
		}
		Map<String, List<Queued>> byQueue = new LinkedHashMap<>();
		group.forEach((queued) -> byQueue.computeIfAbsent(queued.delivery().queue(), (queue) -> new ArrayList<>())
			.add(queued));
		byQueue.values().forEach(this::send);
	}

	private static boolean oneQueue(List<Queued> group) {
		String queue = group.get(0).delivery().queue();
		for (int i = 1; i < group.size(); i++) {
			if (!queue.equals(group.get(i).delivery().queue())) {
				return false;
			}
		}
		return true;
	}

	private void send(List<Queued> acks) {
		List<Delivery> deliveries = new ArrayList<>(acks.size());
		for (Queued queued : acks) {
			deliveries.add(queued.delivery());
		}
		List<AckResult> results;
		try {
			results = this.broker.completeAll(deliveries, this.retention);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not complete {} tasks of queue '{}' in Redis: {}; will re-send while their leases last",
					acks.size(), acks.get(0).delivery().queue(), ex.toString());
			acks.forEach((queued) -> this.pending.add(queued.report(), queued.owner()));
			return;
		}
		for (int i = 0; i < acks.size(); i++) {
			Completion.applied(acks.get(i).report(), results.get(i), acks.get(i).owner());
		}
	}

	private record Queued(Report report, RunningTasks owner) {

		Delivery delivery() {
			return this.report.task().delivery();
		}

	}

}
