package io.github.asynctask.worker;

import io.github.asynctask.redis.Delivery;

/**
 * Work the completing worker does for some successful deliveries before it acks them
 * (flows: release the tasks waiting for this one). Such a delivery is acked on its own,
 * not in a group, and a hook that throws is re-run with the ack while the lease lasts, so
 * the hook must be idempotent.
 */
public interface SuccessHook {

	/** A hook that handles nothing. */
	SuccessHook NO_OP = new SuccessHook() {

		@Override
		public boolean handles(Delivery delivery) {
			return false;
		}

		@Override
		public void beforeAck(Delivery delivery) {
		}

	};

	/**
	 * Whether {@link #beforeAck} must run for this delivery (cheap: called per success).
	 */
	boolean handles(Delivery delivery);

	/** Run before the delivery's ack; throwing delays the ack, which re-runs it. */
	void beforeAck(Delivery delivery);

}
