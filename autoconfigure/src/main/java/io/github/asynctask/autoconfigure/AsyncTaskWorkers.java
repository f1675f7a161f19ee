package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

import io.github.asynctask.metrics.BusyWorkers;
import io.github.asynctask.redis.shard.ShardName;
import io.github.asynctask.schedule.ScheduleTurns;
import io.github.asynctask.worker.WorkerContainer;
import io.github.asynctask.worker.WorkerSettings;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;

/**
 * This instance's workers: builds the {@link WorkerContainer} when the context starts,
 * because which queues to serve is known only then (the task registry fills once every
 * singleton exists), and runs it in the container's lifecycle phase.
 */
public final class AsyncTaskWorkers implements SmartLifecycle, BusyWorkers {

	private static final Logger logger = LoggerFactory.getLogger(AsyncTaskWorkers.class);

	private final Supplier<Optional<WorkerSettings>> settings;

	private final Function<WorkerSettings, WorkerContainer> containers;

	/** Set once by the starting thread; read by gauges on any thread. */
	private volatile @Nullable WorkerContainer container;

	AsyncTaskWorkers(Supplier<Optional<WorkerSettings>> settings,
			Function<WorkerSettings, WorkerContainer> containers) {
		this.settings = settings;
		this.containers = containers;
	}

	/**
	 * Over how many instances a sweep of a queue (or one of its shards) is spread: 1
	 * while this instance holds the queue's agent turn or runs no workers, the instances
	 * serving it otherwise. For the sweepers beside the container (flows, batch reports).
	 */
	static ToIntFunction<String> spreadOver(ObjectProvider<AsyncTaskWorkers> workers) {
		return (queue) -> Optional.ofNullable(workers.getIfAvailable())
			.flatMap(AsyncTaskWorkers::container)
			.map((container) -> container.spreadOver(ShardName.queueOf(queue)))
			.orElse(1);
	}

	/** The running container, once started; empty when this instance serves no queue. */
	public Optional<WorkerContainer> container() {
		return Optional.ofNullable(this.container);
	}

	/**
	 * How late this instance calls for a due schedule tick of the queue
	 * ({@link ScheduleTurns}): on time while no container runs.
	 */
	public Duration tickFallback(String queue) {
		WorkerContainer current = this.container;
		return (current != null) ? current.tickFallback(queue) : Duration.ZERO;
	}

	/**
	 * The schedule loops' pacing by the agent turns of this instance's workers, when they
	 * exist (on time otherwise).
	 */
	public static ScheduleTurns turns(ObjectProvider<AsyncTaskWorkers> workers) {
		return (queue) -> {
			AsyncTaskWorkers current = workers.getIfAvailable();
			return (current != null) ? current.tickFallback(queue) : Duration.ZERO;
		};
	}

	@Override
	public synchronized void start() {
		WorkerContainer current = this.container;
		if (current == null) {
			Optional<WorkerSettings> resolved = this.settings.get();
			if (resolved.isEmpty()) {
				logger.info("async-task serves no queue on this instance: no @AsyncTask method and no enabled "
						+ "queue under async-task.queues");
				return;
			}
			current = this.containers.apply(resolved.get());
			this.container = current;
		}
		current.start();
	}

	@Override
	public synchronized void stop() {
		WorkerContainer current = this.container;
		if (current != null) {
			current.stop();
		}
	}

	@Override
	public boolean isRunning() {
		WorkerContainer current = this.container;
		return current != null && current.isRunning();
	}

	@Override
	public int getPhase() {
		return WorkerContainer.PHASE;
	}

	@Override
	public Map<String, Integer> busyThreads() {
		WorkerContainer current = this.container;
		return (current != null) ? current.busyThreads() : Map.of();
	}

}
