package io.github.asynctask.submit;

import java.time.Duration;

import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;

/**
 * Where instance numbers of task ids are claimed and renewed: the broker's two calls,
 * behind a port so that the holder's timing can be tested without Redis.
 */
interface IdNumberClaims {

	/** See {@link RedisBroker#claimIdNumber}. */
	@Nullable IdNumber claim(String instanceId, int from, Duration lease, long now);

	/** See {@link RedisBroker#renewIdNumber}. */
	@Nullable Long renew(String instanceId, int number, Duration lease, long horizon);

	static IdNumberClaims of(RedisBroker broker) {
		return new IdNumberClaims() {

			@Override
			public @Nullable IdNumber claim(String instanceId, int from, Duration lease, long now) {
				return broker.claimIdNumber(instanceId, from, lease, now);
			}

			@Override
			public @Nullable Long renew(String instanceId, int number, Duration lease, long horizon) {
				return broker.renewIdNumber(instanceId, number, lease, horizon);
			}

		};
	}

}
