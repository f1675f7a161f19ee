package io.github.asynctask.outbox;

import io.github.asynctask.RedisUnavailableException;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which failures are a row's fault: an error reply about what the call carried, never an
 * unreachable Redis or an error reply that passes.
 */
class RedisRefusalTests {

	@Test
	void aScriptRefusingItsArgumentsOrAKeyOfAnotherTypeIsARefusalWithRedisText() {
		assertThat(RedisRefusal.reason(wrapped(new RedisCommandExecutionException("enqueue: task 1 (x): bad"))))
			.isEqualTo("enqueue: task 1 (x): bad");
		assertThat(RedisRefusal.reason(wrapped(new RedisCommandExecutionException("WRONGTYPE Operation against"))))
			.startsWith("WRONGTYPE");
		assertThat(RedisRefusal.reason(new RedisCommandExecutionException("ERR user_script:3: bad"))).isNotNull();
	}

	@Test
	void anUnreachableRedisOrAnErrorThatPassesIsNoRefusal() {
		assertThat(RedisRefusal.reason(wrapped(new RedisConnectionException("connection refused")))).isNull();
		assertThat(RedisRefusal.reason(wrapped(new RedisCommandTimeoutException("no reply")))).isNull();
		for (String passing : new String[] { "OOM command not allowed", "LOADING Redis is loading",
				"READONLY You can't write", "BUSY Redis is busy", "CLUSTERDOWN", "MASTERDOWN Link down" }) {
			assertThat(RedisRefusal.reason(wrapped(new RedisCommandExecutionException(passing)))).as(passing).isNull();
		}
		assertThat(RedisRefusal.reason(new IllegalStateException("relay crashed"))).isNull();
	}

	private static RuntimeException wrapped(Throwable cause) {
		return new RedisUnavailableException("Redis could not run script 'enqueue' for queue 'orders'", cause);
	}

}
