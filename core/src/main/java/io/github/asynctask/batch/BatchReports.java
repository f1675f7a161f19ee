package io.github.asynctask.batch;

import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.flow.ResultWriter;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.worker.SuccessHook;
import org.jspecify.annotations.Nullable;

/**
 * The completing worker's part of batches, around the other success work (flows): before
 * a child of a batch is acked, or sent to dead, it is reported to its batch (counted once
 * by its index) and the callbacks the report leaves owed are enqueued. Reporting first
 * makes a crash between the two safe: the child runs again and reports again, which
 * counts nothing twice but enqueues a callback still owed. A report that fails delays the
 * ack, which re-runs it while the lease lasts.
 */
public final class BatchReports implements SuccessHook {

	private final SuccessHook inner;

	private final TaskRegistry registry;

	private final TaskCodec codec;

	private final BatchCallbacks callbacks;

	private final @Nullable ResultWriter values;

	private BatchReports(SuccessHook inner, TaskRegistry registry, TaskCodec codec, Batches batches) {
		this.inner = inner;
		this.registry = registry;
		this.codec = codec;
		this.callbacks = batches.callbacks();
		this.values = batches.valueWriter();
	}

	/**
	 * {@code inner}, reporting batch children too; {@code inner} itself without batches.
	 */
	public static SuccessHook around(SuccessHook inner, @Nullable Batches batches, TaskRegistry registry,
			TaskCodec codec) {
		return (batches != null) ? new BatchReports(inner, registry, codec, batches) : inner;
	}

	@Override
	public boolean handles(Delivery delivery, @Nullable Object result) {
		// a scan of the payload: cheap next to the ack, and tasks outside batches pay no
		// decode
		return this.inner.handles(delivery, result) || delivery.payload().contains(BatchScope.HEADER);
	}

	@Override
	public @Nullable String reject(Delivery delivery, @Nullable Object result) {
		return this.inner.handles(delivery, result) ? this.inner.reject(delivery, result) : null;
	}

	@Override
	public void beforeAck(Delivery delivery, @Nullable Object result) {
		if (this.inner.handles(delivery, result)) {
			this.inner.beforeAck(delivery, result);
		}
		report(delivery, false, result);
	}

	/** A child's report goes ahead of its ack; only flows' work needs the ack's call. */
	@Override
	public boolean groupsAck(Delivery delivery, @Nullable Object result) {
		return !this.inner.handles(delivery, result);
	}

	@Override
	public void beforeDead(Delivery delivery) {
		this.inner.beforeDead(delivery);
		report(delivery, true, null);
	}

	private void report(Delivery delivery, boolean dead, @Nullable Object result) {
		BatchScope.Child child = childOf(delivery);
		if (child != null) {
			this.callbacks.fire(child.batchId(),
					this.callbacks.store()
						.report(child.batchId(), child.index(), dead, dead ? null : value(delivery, result),
								delivery.queue(), delivery.id()));
		}
	}

	/** The child's value as JSON, null when it returns none or it cannot be written. */
	private @Nullable String value(Delivery delivery, @Nullable Object result) {
		TaskDefinition definition = this.registry.find(delivery.name()).orElse(null);
		if (this.values == null || result == null || definition == null
				|| !ResultWriter.returnsResult(definition.method())) {
			return null;
		}
		try {
			return this.values.write(definition, result);
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

	private BatchScope.@Nullable Child childOf(Delivery delivery) {
		if (!delivery.payload().contains(BatchScope.HEADER)) {
			return null;
		}
		TaskDefinition definition = this.registry.find(delivery.name()).orElse(null);
		if (definition == null) {
			return null;
		}
		return BatchScope.Child
			.parse(this.codec.decode(definition, delivery.payload()).headers().get(BatchScope.HEADER));
	}

}
