package io.github.asynctask.autoconfigure;

import io.github.asynctask.batch.BatchChildStart;
import io.github.asynctask.batch.BatchMeters;
import io.github.asynctask.batch.BatchOwedReports;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.batch.Batches;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.flow.ResultWriter;
import io.github.asynctask.redis.shard.ShardLayout;
import io.github.asynctask.redis.store.BatchOwedStore;
import io.github.asynctask.redis.store.BatchStore;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.submit.TaskSubmitter;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Batches: their store in Redis, the template's side ({@link Batches}, handed to the
 * template and to the workers' completion), and the interceptor that counts a child
 * running and skips the children of a cancelled batch, and the delivery of the reports
 * owed by children that ended without their worker (cancelled, deleted, buried).
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
			ObjectProvider<BatchMeters> meters, ObjectProvider<ResultWriter> values) {
		return new Batches(submitter, broker, store, meters.getIfUnique(() -> BatchMeters.NONE),
				values.getIfAvailable());
	}

	// A TaskInterceptor: runs of tasks outside batches pass straight through.
	@Bean
	@ConditionalOnMissingBean
	BatchChildStart asyncTaskBatchChildStart(BatchStore store) {
		return new BatchChildStart(store);
	}

	@Bean
	@ConditionalOnMissingBean
	BatchOwedStore asyncTaskBatchOwedStore(RedisConnectionFactory connectionFactory, RedisKeys keys,
			AsyncTaskProperties properties) {
		return new BatchOwedStore(connectionFactory, keys, properties.getRedisTimeout());
	}

	// every served queue and shard, at a third of the lease (as the flows' sweep) on the
	// holder of its agent turn, spread over the instances serving it on the others; a
	// worker's job: an application that only submits (or a test recording its submits)
	// opens no connection for it
	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty(name = "async-task.worker.enabled", matchIfMissing = true)
	BatchOwedReports asyncTaskBatchOwedReports(BatchOwedStore owed, Batches batches, TaskRegistry registry,
			RedisBroker broker, AsyncTaskProperties properties, RedisReachability reachability,
			ObjectProvider<AsyncTaskWorkers> workers) {
		ShardLayout layout = broker.layout();
		BatchOwedReports reports = new BatchOwedReports(owed, batches,
				() -> registry.queues().stream().flatMap((queue) -> layout.served(queue).stream()).toList(),
				properties.getLease().dividedBy(3));
		reports.reachability(reachability);
		reports.spread(AsyncTaskWorkers.spreadOver(workers));
		return reports;
	}

}
