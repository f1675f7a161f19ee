package io.github.asynctask.reliability;

import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.redis.shard.ShardedWakeSignals;
import io.github.asynctask.redis.wake.WakeSignals;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The worker side of a worker JVM: the auto-configured container, set up by the
 * {@code async-task.*} properties alone, its runs recorded into the ledger by an
 * interceptor bean.
 */
@Configuration(proxyBeanMethods = false)
class WorkerConfiguration {

	@Bean
	TaskInterceptor ledgerInterceptor(Ledger ledger, LedgerBroker broker) {
		return new LedgerInterceptor(ledger, broker);
	}

	// what the auto-configuration makes for its own sharded broker: the rig's broker is
	// its own bean
	@Bean
	WakeSignals wakeSignals(LettuceConnectionFactory connections, RedisKeys keys, LedgerBroker broker) {
		return new ShardedWakeSignals(new RedisWakeSignals(connections, keys), broker.layout());
	}

}
