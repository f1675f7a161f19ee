package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.Optional;

import io.github.asynctask.BackoffPolicy;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.batch.BatchReports;
import io.github.asynctask.batch.Batches;
import io.github.asynctask.aop.ProxyTaskBodyInvoker;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.redis.shard.ShardLayout;
import io.github.asynctask.redis.shard.ShardName;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.redis.shard.ShardedWakeSignals;
import io.github.asynctask.redis.wake.WakeSignals;
import io.github.asynctask.flow.FlowCompletion;
import io.github.asynctask.flow.FlowRules;
import io.github.asynctask.flow.FlowSweeper;
import io.github.asynctask.flow.ResultWriter;
import io.github.asynctask.worker.WorkerContainer;
import io.github.asynctask.worker.WorkerContainerBuilder;
import io.github.asynctask.worker.WorkerSettings;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The worker side: present unless {@code async-task.worker.enabled=false} makes this
 * instance submit only.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "async-task.worker.enabled", matchIfMissing = true)
class WorkerConfiguration {

	// Only workers listen for wake-ups; submitting needs no subscriber connection.
	@Bean
	@ConditionalOnMissingBean
	WakeSignals asyncTaskWakeSignals(RedisConnectionFactory connectionFactory, RedisKeys keys, RedisBroker broker) {
		RedisWakeSignals signals = new RedisWakeSignals(connectionFactory, keys);
		return (broker instanceof ShardedRedisBroker sharded) ? new ShardedWakeSignals(signals, sharded.layout())
				: signals;
	}

	// A BackoffPolicy bean of the application replaces async-task.defaults.backoff.*.
	@Bean
	@ConditionalOnMissingBean
	BackoffPolicy asyncTaskBackoffPolicy(AsyncTaskProperties properties) {
		return WorkerSettingsMapper.backoffPolicy(properties.getDefaults().getBackoff());
	}

	@Bean
	@ConditionalOnMissingBean
	ProxyTaskBodyInvoker asyncTaskBodyInvoker() {
		return new ProxyTaskBodyInvoker();
	}

	// A SmartLifecycle: builds the container when the context starts (the queues with
	// task methods are known only then), stops it (finishing or requeueing running
	// tasks) before Redis goes away. Its pools stay private. An application
	// WorkerSettings bean replaces the settings made from async-task.*.
	@Bean
	@ConditionalOnMissingBean(WorkerContainer.class)
	AsyncTaskWorkers asyncTaskWorkers(AsyncTaskProperties properties, RedisBroker broker, WakeSignals wakeSignals,
			TaskRegistry registry, TaskCodec codec, ProxyTaskBodyInvoker bodyInvoker,
			ObjectProvider<WorkerSettings> settings, BackoffPolicy backoff,
			ObjectProvider<TaskInterceptor> interceptors, ObjectProvider<TaskListener> listeners,
			Environment environment, FlowRules flows, FlowStore flowStore, ResultWriter resultWriter,
			RedisReachability reachability, ObjectProvider<Batches> batches) {
		Duration phaseTimeout = ShutdownBudget.phaseTimeout(environment);
		DottedQueueKeys.warn(environment);
		FlowCompletion flowCompletion = new FlowCompletion(flows, registry, codec, flowStore, resultWriter,
				properties.getRetention().getResults());
		return new AsyncTaskWorkers(
				() -> Optional.ofNullable(settings.getIfAvailable())
					.or(() -> WorkerSettingsMapper.servedQueues(properties, registry, phaseTimeout)),
				(served) -> new WorkerContainerBuilder(broker, wakeSignals, registry, codec, bodyInvoker, served)
					.interceptors(interceptors.orderedStream().toList())
					.listener(AsyncTaskAutoConfiguration.listeners(listeners))
					.backoff(backoff)
					.virtualThreads(WorkerSettingsMapper.virtualThreads(properties, environment))
					.successHook(BatchReports.around(flowCompletion, batches.getIfAvailable(), registry, codec))
					.reachability(reachability)
					.build());
	}

	// Finishes flows a crash interrupted: waiting tasks' first checks and timeouts,
	// releases owed longer than a lease. Queues no after rule names are swept less
	// often while idle.
	@Bean
	@ConditionalOnMissingBean
	FlowSweeper asyncTaskFlowSweeper(FlowStore flowStore, TaskRegistry registry, AsyncTaskProperties properties,
			RedisBroker broker, FlowRules flows, RedisReachability reachability,
			ObjectProvider<AsyncTaskWorkers> workers) {
		// a sharded queue's waiting tasks sit in each of its shards
		ShardLayout layout = broker.layout();
		FlowSweeper sweeper = new FlowSweeper(flowStore,
				() -> registry.queues().stream().flatMap((queue) -> layout.served(queue).stream()).toList(),
				(queue) -> flows.isFlowQueue(ShardName.queueOf(queue)), properties.getLease().dividedBy(3),
				properties.getLease());
		sweeper.reachability(reachability);
		// the holder of a queue's agent turn sweeps it at the interval, the others spread
		// over the instances serving it: the fleet's sweeps stay flat in their number
		sweeper.spread(AsyncTaskWorkers.spreadOver(workers));
		RedisBroker shards = (broker instanceof ShardedRedisBroker sharded) ? sharded.shards() : broker;
		if (shards instanceof LuaRedisBroker lua) {
			// releases owed by completions (per-call after) are carried out at once
			lua.onOwedReleases(sweeper::owedIn);
		}
		return sweeper;
	}

	@Bean
	@ConditionalOnMissingBean
	UnservedQueuesWarning asyncTaskUnservedQueuesWarning(AsyncTaskProperties properties, TaskRegistry registry,
			RedisBroker broker) {
		return new UnservedQueuesWarning(properties, registry, broker);
	}

}
