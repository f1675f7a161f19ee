package io.github.asynctask.autoconfigure;

import io.github.asynctask.batch.BatchChildStart;
import io.github.asynctask.batch.BatchMeters;
import io.github.asynctask.batch.Batches;
import io.github.asynctask.redis.store.BatchStore;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.submit.TaskSubmitter;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Batches: their store in Redis, the template's side ({@link Batches}, handed to the
 * template and to the workers' completion), and the interceptor that counts a child
 * running and skips the children of a cancelled batch.
 */
@Configuration(proxyBeanMethods = false)
class BatchConfiguration {

	@Bean
	@ConditionalOnMissingBean
	BatchStore asyncTaskBatchStore(RedisConnectionFactory connectionFactory, RedisKeys keys,
			AsyncTaskProperties properties) {
		return new BatchStore(connectionFactory, keys, properties.getRedisTimeout());
	}

	@Bean
	@ConditionalOnMissingBean
	Batches asyncTaskBatches(TaskSubmitter submitter, RedisBroker broker, BatchStore store,
			ObjectProvider<BatchMeters> meters) {
		return new Batches(submitter, broker, store, meters.getIfUnique(() -> BatchMeters.NONE));
	}

	// A TaskInterceptor: runs of tasks outside batches pass straight through.
	@Bean
	@ConditionalOnMissingBean
	BatchChildStart asyncTaskBatchChildStart(BatchStore store) {
		return new BatchChildStart(store);
	}

}
