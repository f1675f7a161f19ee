package io.github.asynctask.redis;

import io.github.asynctask.test.ForwardingCheck;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link ForwardingRedisBroker} hands every method of the port to its delegate, so a
 * method added to {@link RedisBroker} fails here until it is forwarded.
 */
class ForwardingRedisBrokerTests {

	@Test
	void forwardsEveryMethodOfThePort() {
		ForwardingCheck.assertForwardsEveryMethod(RedisBroker.class, (delegate) -> new ForwardingRedisBroker(delegate) {
		});
	}

	@Test
	void theCheckNamesAMethodThatIsNotForwarded() {
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> ForwardingCheck
			.assertForwardsEveryMethod(RedisBroker.class, (delegate) -> new ForwardingRedisBroker(delegate) {

				@Override
				public CancelOutcome cancel(String queue, String id, String reason, boolean stopNow) {
					throw new UnsupportedOperationException("not forwarded");
				}

			})).withMessageContaining("cancel(String, String, String, boolean)").withMessageNotContaining("dequeue");
	}

}
