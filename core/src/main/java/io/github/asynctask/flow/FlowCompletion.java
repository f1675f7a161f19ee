package io.github.asynctask.flow;

import java.time.Duration;

import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.worker.SuccessHook;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The completing worker's part of flows: before acking a task that other tasks run after,
 * mark its (name, bizId) met and release the tasks waiting for it (one batch; the sweeper
 * releases the rest, in batches). Marking comes first: a crash before the ack runs the
 * task again (at least once), and the waiters, owed in Redis from the mark on, are
 * released by the sweep.
 */
public final class FlowCompletion implements SuccessHook {

	private static final Logger logger = LoggerFactory.getLogger(FlowCompletion.class);

	/** The header carrying an awaited task's bizId to its worker. */
	public static final String BIZ_ID_HEADER = FlowHeaders.BIZ_ID;

	private final FlowRules rules;

	private final TaskRegistry registry;

	private final TaskCodec codec;

	private final FlowStore store;

	private final FlowReleases releases;

	private final @Nullable ResultWriter results;

	private final Duration resultsRetention;

	public FlowCompletion(FlowRules rules, TaskRegistry registry, TaskCodec codec, FlowStore store) {
		this(rules, registry, codec, store, null, Duration.ZERO);
	}

	/**
	 * @param results writes results of tasks returning {@code CompletableFuture<T>}
	 * @param resultsRetention how long results are kept
	 * ({@code async-task.retention.results})
	 */
	public FlowCompletion(FlowRules rules, TaskRegistry registry, TaskCodec codec, FlowStore store,
			@Nullable ResultWriter results, Duration resultsRetention) {
		this.results = results;
		this.resultsRetention = resultsRetention;
		this.rules = rules;
		this.registry = registry;
		this.codec = codec;
		this.store = store;
		this.releases = new FlowReleases(store);
	}

	@Override
	public boolean handles(Delivery delivery, @Nullable Object result) {
		return this.rules.isAwaited(delivery.name()) || this.rules.returnsResult(delivery.name());
	}

	@Override
	public @Nullable String reject(Delivery delivery, @Nullable Object result) {
		TaskDefinition definition = this.registry.find(delivery.name()).orElse(null);
		return (definition != null && this.results != null && this.rules.returnsResult(delivery.name()))
				? this.results.problem(definition, result) : null;
	}

	@Override
	public void beforeAck(Delivery delivery, @Nullable Object result) {
		TaskDefinition definition = this.registry.find(delivery.name()).orElse(null);
		if (definition == null) {
			return;
		}
		if (this.results != null && this.rules.returnsResult(delivery.name())) {
			this.store.putResult(delivery.queue(), delivery.id(), this.results.write(definition, result),
					this.resultsRetention);
		}
		if (!this.rules.isAwaited(delivery.name())) {
			return;
		}
		String bizId = this.codec.decode(definition, delivery.payload()).headers().get(BIZ_ID_HEADER);
		if (bizId == null) {
			logger.debug("Task '{}' (id {}) completed without a bizId; no waiting task can match it", delivery.name(),
					delivery.id());
			return;
		}
		EnqueueRequest.Awaited condition = EnqueueRequest.Awaited.task(delivery.queue(), delivery.name(), bizId);
		var owed = this.store.done(delivery.queue(), condition.condition(), this.rules.remember(definition));
		if (!owed.isEmpty() && this.releases.carryOut(delivery.queue(), owed, false)) {
			// more waiters than one batch: the sweeper moves and releases the rest
			this.store.drainsLeft(delivery.queue());
		}
	}

}
