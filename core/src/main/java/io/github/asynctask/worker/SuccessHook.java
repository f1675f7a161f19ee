package io.github.asynctask.worker;

import io.github.asynctask.redis.Delivery;
import org.jspecify.annotations.Nullable;

/**
 * Work the completing worker does for some successful deliveries before it acks them
 * (flows: store the task's result, release the tasks waiting for it). Such a delivery is
 * acked on its own, not in a group, unless the hook {@linkplain #groupsAck groups it}; a
 * hook that throws is re-run with the ack while the lease lasts, so the hook must be
 * idempotent.
 */
public interface SuccessHook {

	/** A hook that handles nothing. */
	SuccessHook NO_OP = new SuccessHook() {

		@Override
		public boolean handles(Delivery delivery, @Nullable Object result) {
			return false;
		}

		@Override
		public void beforeAck(Delivery delivery, @Nullable Object result) {
		}

	};

	/**
	 * Whether {@link #beforeAck} must run for this delivery (cheap: called per success).
	 */
	boolean handles(Delivery delivery, @Nullable Object result);

	/**
	 * Why this success must go to dead instead (a result that cannot be kept), or
	 * {@code null} to ack it.
	 */
	default @Nullable String reject(Delivery delivery, @Nullable Object result) {
		return null;
	}

	/** Run before the delivery's ack; throwing delays the ack, which re-runs it. */
	void beforeAck(Delivery delivery, @Nullable Object result);

	/**
	 * Whether, once {@link #beforeAck} ran, the ack may go in a group with others
	 * (nothing of the hook's work must happen in the ack's own call). When
	 * {@link #beforeAck} throws, the delivery is acked on its own as usual.
	 */
	default boolean groupsAck(Delivery delivery, @Nullable Object result) {
		return false;
	}

	/**
	 * Run before the delivery is sent to dead by its worker (batches count their dead
	 * children); throwing delays that, which re-runs it.
	 */
	default void beforeDead(Delivery delivery) {
	}

}
