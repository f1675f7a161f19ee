package io.github.asynctask.worker;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.limit.QueuePool;
import io.github.asynctask.redis.PendingWait;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.wake.WakeListener;
import io.github.asynctask.redis.wake.WakeSignals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Runs tasks on this instance: one fetcher and private pool per configured queue, plus
 * the forwarder, heartbeat, recoverer and janitor. Starts late and stops early in the
 * context lifecycle; a stop is graceful: fetching stops at once, running bodies get up to
 * the shutdown timeout, the rest go back to pending without counting an attempt. Create
 * one with {@link WorkerContainerBuilder}.
 */
public final class WorkerContainer implements SmartLifecycle {

	/**
	 * Lifecycle phase: stopped after Spring Boot's graceful web shutdown has drained
	 * requests ({@code WebServerGracefulShutdownLifecycle}, {@code MAX_VALUE - 1024}), so
	 * their submits still land, and before the web server itself ({@code - 2048}),
	 * ordinary beans and Redis stop.
	 */
	public static final int PHASE = Integer.MAX_VALUE - 1536;

	private static final Logger logger = LoggerFactory.getLogger(WorkerContainer.class);

	private final RedisBroker broker;

	private final WakeSignals wakeSignals;

	private final WorkerSettings settings;

	private final String instanceId;

	/** By queue, or by pool name for a pool's worker. */
	private final Map<String, QueueWorker> workers = new LinkedHashMap<>();

	/** Every queue served, alone or in a pool. */
	private final List<String> queues;

	private final Completion completion;

	private final PendingReports pendingReports;

	private final AckSender acks;

	private final Watchdog watchdog;

	private final FleetAgents agents;

	private final PeriodicLoop heartbeat;

	private final PeriodicLoop reporter;

	/** Guarded by this. */
	private boolean running;

	/** Guarded by this; pools and threads are gone after a stop. */
	private boolean stopped;

	/** Guarded by this; whether Redis answered and the agents started. */
	private boolean connected;

	private final RedisReachability reachability;

	private final StartupConnection connection;

	WorkerContainer(WorkerContainerBuilder builder, Invoker invoker, Completion completion,
			PendingReports pendingReports, AckSender acks, Watchdog watchdog) {
		this.broker = builder.broker();
		this.wakeSignals = builder.wakeSignals();
		this.settings = builder.settings();
		this.instanceId = builder.instanceId();
		this.reachability = builder.reachability();
		this.connection = new StartupConnection(this.reachability, this::connect, this::connected);
		this.completion = completion;
		this.pendingReports = pendingReports;
		this.acks = acks;
		this.watchdog = watchdog;
		TaskRun.Factory runs = new TaskRun.Factory(invoker, completion, builder.listener(), builder.bodyThreads());
		this.settings.concurrencyByQueue()
			.forEach((queue, concurrency) -> this.workers.put(queue, new QueueWorker(queue, concurrency, this.broker,
					this.settings, runs, this.wakeSignals.pendingWait(queue))));
		this.settings.pools().values().forEach((pool) -> this.workers.put(pool.name(), poolWorker(pool, runs)));
		this.queues = List.copyOf(this.settings.queues());
		List<String> queues = this.queues;
		Map<String, RunningTasks> running = new LinkedHashMap<>();
		this.workers.values().forEach((worker) -> running.putAll(worker.running()));
		this.agents = new FleetAgents(this.broker, this.settings, queues, this.instanceId, builder.listener());
		// in a large fleet each instance reads the shards others added less often
		this.broker.layout().paceBy(this.agents.spread()::fleet);
		InstanceInfo info = new InstanceInfo(List.copyOf(this.workers.values()));
		this.heartbeat = new PeriodicLoop("asynctask-heartbeat",
				new Heartbeat(this.broker, running, this.instanceId, info::toJson, this.settings.lease(),
						this.settings.heartbeatInterval(), this.agents.spread()),
				this.settings.heartbeatInterval().dividedBy(2));
		this.reporter = new PeriodicLoop("asynctask-reporter", pendingReports::resend, this.settings.pollInterval());
	}

	private QueueWorker poolWorker(QueuePool pool, TaskRun.Factory runs) {
		Map<String, PendingWait> waits = new LinkedHashMap<>();
		pool.weights().keySet().forEach((queue) -> waits.put(queue, this.wakeSignals.pendingWait(queue)));
		return new QueueWorker(pool.name(), pool.choice(), pool.concurrency(), this.broker, this.settings, runs, waits);
	}

	/** The id this instance registers under in Redis. */
	public String instanceId() {
		return this.instanceId;
	}

	/**
	 * Over how many instances this instance spreads a periodic round of the queue: 1
	 * while it holds the queue's agent turn, else the live instances serving the queue as
	 * its heartbeat last counted them (1 before the first count).
	 */
	public int spreadOver(String queue) {
		return this.agents.spreadOver(queue);
	}

	/**
	 * How late this instance calls for a due schedule tick of the queue: zero while it
	 * holds the queue's agent turn (or does not serve the queue), else a random fallback
	 * delay growing with the instances serving the queue.
	 */
	public Duration tickFallback(String queue) {
		return this.agents.tickFallback(queue);
	}

	/** The settings this container runs with. */
	public WorkerSettings settings() {
		return this.settings;
	}

	/**
	 * Threads running a task body right now, by queue, or by pool name for threads a pool
	 * shares (for the busy-workers gauge).
	 */
	public Map<String, Integer> busyThreads() {
		Map<String, Integer> busy = new LinkedHashMap<>();
		this.workers.forEach((queue, worker) -> busy.put(queue, worker.permits().busy()));
		return busy;
	}

	/**
	 * Starts the workers once Redis answers: at once when it does, else from a retrying
	 * thread (see {@link StartupConnection}), so that the application starts without
	 * Redis.
	 */
	@Override
	public synchronized void start() {
		if (this.running) {
			return;
		}
		if (this.stopped) {
			logger.warn("Worker container {} was stopped and cannot start again; create a new one", this.instanceId);
			return;
		}
		this.running = true;
		this.connection.start();
	}

	/** Reaches Redis: registers the queues and subscribes to their due channels. */
	private void connect() {
		this.broker.registerQueues(this.queues);
		this.wakeSignals.subscribe(this.queues, new WakeListener() {

			@Override
			public void onDue(String queue) {
				WorkerContainer.this.agents.due(queue);
			}

		});
	}

	/** Redis answered: start fetching and the agents, unless stopped meanwhile. */
	private synchronized void connected() {
		if (!this.running) {
			closeQuietly();
			return;
		}
		this.connected = true;
		this.heartbeat.start();
		this.reporter.start();
		this.acks.start();
		this.workers.values().forEach(QueueWorker::start);
		this.agents.start();
		logger.info("Started async-task workers {}{} on Redis at {} as instance {}", this.settings.concurrencyByQueue(),
				this.settings.pools().isEmpty() ? "" : " and pools " + this.settings.pools().values(),
				this.reachability.target(), this.instanceId);
	}

	@Override
	public void stop() {
		synchronized (this) {
			if (!this.running) {
				return;
			}
			this.running = false;
			this.stopped = true;
		}
		// outside the lock: an attempt in flight finishes connected() first, or sees the
		// stop
		this.connection.stop(this.settings.pollInterval());
		stopStarted();
	}

	private synchronized void stopStarted() {
		closeQuietly();
		this.workers.values().forEach(QueueWorker::stopFetching);
		this.agents.stop(this.settings.pollInterval());
		boolean idle = awaitIdle();
		if (!idle) {
			logger.warn("Tasks still running after async-task.shutdown-timeout={}; interrupting them and handing "
					+ "them back to pending", this.settings.shutdownTimeout());
		}
		this.workers.values().forEach((worker) -> worker.requeueRunning(this.completion));
		this.acks.stop(this.settings.pollInterval());
		this.pendingReports.resend();
		this.reporter.stop(this.settings.pollInterval());
		this.heartbeat.stop(this.settings.pollInterval());
		if (this.connected) {
			unregister();
		}
		this.watchdog.shutdown();
		logger.info("Stopped async-task workers of instance {}", this.instanceId);
	}

	private void unregister() {
		try {
			FleetAgents.of(this.broker).heartbeat(this.instanceId, "", Duration.ZERO, this.queues);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not unregister instance {}; its entry expires after the lease", this.instanceId, ex);
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	/** Stop every thread at once without reporting or unregistering, as a crash would. */
	synchronized void halt() {
		this.running = false;
		this.stopped = true;
		this.connection.stop(Duration.ZERO);
		closeQuietly();
		this.heartbeat.halt();
		this.reporter.halt();
		this.acks.halt();
		this.agents.halt();
		this.workers.values().forEach(QueueWorker::halt);
		this.watchdog.shutdown();
	}

	private boolean awaitIdle() {
		long deadline = System.nanoTime() + this.settings.shutdownTimeout().toNanos();
		try {
			for (QueueWorker worker : this.workers.values()) {
				if (!worker.awaitIdle(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
					return false;
				}
			}
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private void closeQuietly() {
		try {
			this.wakeSignals.close();
		}
		catch (RuntimeException ex) {
			logger.debug("Closing the wake-up subscription failed", ex);
		}
	}

}
