package io.github.asynctask.test;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(RedisExtension.class)
class SlowScriptCallsIntegrationTests {

	@Test
	void readsEachScriptCallsDurationAndFirstKeyFromARealSlowLog(RedisServer redis) {
		redis.flushAll();
		String sha = redis.cli("SCRIPT", "LOAD", "return redis.call('INCR', KEYS[1])");
		redis.cli("CONFIG", "SET", "slowlog-log-slower-than", "0");
		redis.cli("SLOWLOG", "RESET");
		redis.cli("EVALSHA", sha, "1", "app:{a}:count");
		redis.cli("SET", "app:{b}:plain", "EVALSHA");
		redis.cli("EVALSHA", sha, "2", "app:{b}:count", "app:{b}:other");
		SlowScriptCalls calls = SlowScriptCalls.of(redis.cli("SLOWLOG", "GET", "100"));
		redis.cli("CONFIG", "SET", "slowlog-log-slower-than", "10000");
		assertThat(calls.calls()).extracting(SlowScriptCalls.Call::firstKey)
			.containsExactlyInAnyOrder("app:{a}:count", "app:{b}:count");
		assertThat(calls.calls()).allSatisfy((call) -> assertThat(call.micros()).isNotNegative());
		assertThat(calls.where((key) -> key.contains("{b}")).count()).isOne();
		assertThat(calls.worstMicros())
			.isEqualTo(calls.calls().stream().mapToLong(SlowScriptCalls.Call::micros).max().getAsLong());
		assertThat(SlowScriptCalls.of(null).worstMicros()).isZero();
	}

}
