package io.github.asynctask.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BackoffPolicy;
import io.github.asynctask.SubmitInterceptor;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.aop.AsyncTaskAnnotationBeanPostProcessor;
import io.github.asynctask.aop.ProxyTaskBodyInvoker;
import io.github.asynctask.aop.ProxyTaskDefinitionCheck;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.AnnotationTaskRegistry;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.EntityParameterWarning;
import io.github.asynctask.definition.TaskDefaults;
import io.github.asynctask.definition.TaskDefinitionCheck;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.event.CompositeTaskListener;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.limit.ConcurrencyKeys;
import io.github.asynctask.redis.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisEnvironmentCheck;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.RedisReachability;
import io.github.asynctask.redis.RedisTarget;
import io.github.asynctask.redis.RedisWakeSignals;
import io.github.asynctask.redis.FlowStore;
import io.github.asynctask.redis.ScheduleStore;
import io.github.asynctask.redis.ShardLayout;
import io.github.asynctask.redis.ShardName;
import io.github.asynctask.redis.ShardedRedisBroker;
import io.github.asynctask.redis.ShardedWakeSignals;
import io.github.asynctask.redis.WakeSignals;
import io.github.asynctask.flow.FlowCompletion;
import io.github.asynctask.flow.FlowRules;
import io.github.asynctask.flow.FlowSweeper;
import io.github.asynctask.flow.ResultWaiters;
import io.github.asynctask.flow.ResultWriter;
import io.github.asynctask.schedule.RuntimeSchedules;
import io.github.asynctask.schedule.ScheduleCheck;
import io.github.asynctask.schedule.ScheduleListener;
import io.github.asynctask.schedule.ScheduleOverride;
import io.github.asynctask.schedule.ScheduleRunner;
import io.github.asynctask.schedule.TickFiring;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.submit.SubmitObserver;
import io.github.asynctask.submit.SubmitOutbox;
import io.github.asynctask.submit.TaskSubmitter;
import io.github.asynctask.worker.WorkerContainer;
import io.github.asynctask.worker.WorkerContainerBuilder;
import io.github.asynctask.worker.WorkerSettings;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.beans.factory.config.EmbeddedValueResolver;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for async-task, on top of the application's
 * {@link RedisConnectionFactory} (so every {@code spring.data.redis.*} setting applies:
 * standalone, Sentinel, Cluster, SSL, ACL).
 * <p>
 * Ordered after the neighbours whose beans it uses; they are named, not referenced, so
 * that each stays optional on the classpath.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
		"org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
		"org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(RedisConnectionFactory.class)
@ConditionalOnBean(RedisConnectionFactory.class)
@ConditionalOnBooleanProperty(name = "async-task.enabled", matchIfMissing = true)
@EnableConfigurationProperties({ AsyncTaskProperties.class, ScheduleProperties.class, ResultsProperties.class })
@Import({ AsyncTaskAutoConfiguration.BrokerConfiguration.class, AsyncTaskAutoConfiguration.SubmitConfiguration.class,
		AsyncTaskAutoConfiguration.WorkerConfiguration.class, AsyncTaskAutoConfiguration.ScheduleConfiguration.class })
public final class AsyncTaskAutoConfiguration {

	/** Committed submits held while Redis is unreachable, at most. */
	static final int RESEND_BUFFER_CAPACITY = 10_000;

	@Bean
	@ConditionalOnMissingBean
	RedisKeys asyncTaskRedisKeys(AsyncTaskProperties properties) {
		return new RedisKeys(properties.getKeyPrefix());
	}

	private static Map<String, Integer> shardCounts(AsyncTaskProperties properties) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		properties.getQueues().forEach((queue, settings) -> counts.put(queue, settings.getShards()));
		return counts;
	}

	private static TaskListener listeners(ObjectProvider<TaskListener> listeners) {
		return new CompositeTaskListener(listeners.orderedStream().toList());
	}

	/**
	 * The Redis side shared by submitting and working instances.
	 */
	@Configuration(proxyBeanMethods = false)
	static class BrokerConfiguration {

		@Bean
		@ConditionalOnMissingBean
		RedisBroker asyncTaskRedisBroker(RedisConnectionFactory connectionFactory, RedisKeys keys,
				AsyncTaskProperties properties) {
			return new ShardedRedisBroker(
					new LuaRedisBroker(connectionFactory, keys, properties.getRetention().getCompleted(),
							properties.getRedisTimeout(), properties.getRetention().getCompletedIds()),
					shardCounts(properties));
		}

		@Bean
		@ConditionalOnMissingBean
		FlowStore asyncTaskFlowStore(RedisConnectionFactory connectionFactory, RedisKeys keys,
				AsyncTaskProperties properties) {
			return new FlowStore(connectionFactory, keys, properties.getRedisTimeout());
		}

		// Whether Redis answered since start-up: workers and schedules that cannot reach
		// it share one WARN and retry with backoff; it names the Redis in log lines.
		@Bean
		@ConditionalOnMissingBean
		RedisReachability asyncTaskRedisReachability(RedisConnectionFactory connectionFactory) {
			return new RedisReachability(RedisTarget.describe(connectionFactory));
		}

		// Warns (or refuses, with strict-redis) once all singletons exist, when Redis may
		// evict tasks; refuses a Redis older than the scripts need.
		@Bean
		@ConditionalOnMissingBean
		RedisEnvironmentCheck asyncTaskRedisEnvironmentCheck(RedisConnectionFactory connectionFactory,
				AsyncTaskProperties properties) {
			return new RedisEnvironmentCheck(connectionFactory, properties.isStrictRedis());
		}

	}

	/**
	 * The proxy that turns calls of {@code @AsyncTask} methods into submits, and what it
	 * needs: registry, codec, submitter with its re-send buffer, and the template.
	 */
	@Configuration(proxyBeanMethods = false)
	static class SubmitConfiguration {

		// Static: a post-processor must exist before the beans it advises. Like Spring
		// Boot's
		// own AOP set-up it proxies classes unless spring.aop.proxy-target-class=false,
		// so
		// handler beans can be injected by their class.
		@Bean
		@ConditionalOnMissingBean
		static AsyncTaskAnnotationBeanPostProcessor asyncTaskAnnotationBeanPostProcessor(Environment environment) {
			AsyncTaskAnnotationBeanPostProcessor postProcessor = new AsyncTaskAnnotationBeanPostProcessor();
			postProcessor.setProxyTargetClass(
					environment.getProperty("spring.aop.proxy-target-class", Boolean.class, Boolean.TRUE));
			return postProcessor;
		}

		@Bean
		@ConditionalOnMissingBean
		TaskCodec asyncTaskCodec(ObjectProvider<JsonMapper> applicationMapper, AsyncTaskProperties properties) {
			return new JacksonTaskCodec(applicationMapper.getIfAvailable(() -> JsonMapper.builder().build()),
					Math.toIntExact(properties.getMaxPayloadSize().toBytes()));
		}

		@Bean
		@ConditionalOnMissingBean
		BizIdEvaluator asyncTaskBizIdEvaluator() {
			return new BizIdEvaluator();
		}

		@Bean
		@ConditionalOnMissingBean(TaskRegistry.class)
		AnnotationTaskRegistry asyncTaskRegistry(AsyncTaskProperties properties, BizIdEvaluator bizIds, TaskCodec codec,
				ConfigurableBeanFactory beanFactory) {
			AsyncTaskProperties.Defaults defaults = properties.getDefaults();
			TaskDefaults taskDefaults = new TaskDefaults(defaults.getMaxRetries(), defaults.getTimeout(),
					defaults.getDedupTtl(), AsyncTaskProperties.DEFAULT_QUEUE);
			List<TaskDefinitionCheck> checks = new ArrayList<>();
			// an application's own codec checks parameter types only if it says it can
			if (codec instanceof TaskDefinitionCheck codecCheck) {
				checks.add(codecCheck);
			}
			checks.add(new ProxyTaskDefinitionCheck());
			checks.add(new ScheduleCheck(ScheduleConfiguration.overrides(properties),
					new EmbeddedValueResolver(beanFactory)));
			checks.add(new ConcurrencyKeys(bizIds));
			// warns (refuses nothing) about JPA entities passed as arguments
			checks.add(new EntityParameterWarning());
			return new AnnotationTaskRegistry(taskDefaults, bizIds, checks);
		}

		// Reads and checks the after rules once every bean is registered.
		@Bean
		@ConditionalOnMissingBean
		FlowRules asyncTaskFlowRules(TaskRegistry registry, AsyncTaskProperties properties) {
			return new FlowRules(registry, properties.getDefaults().getWaitTimeout());
		}

		@Bean
		@ConditionalOnMissingBean
		ResendBuffer asyncTaskResendBuffer(RedisBroker broker, ObjectProvider<TaskListener> listeners) {
			return new ResendBuffer(broker, RESEND_BUFFER_CAPACITY, listeners(listeners));
		}

		@Bean
		@ConditionalOnMissingBean
		TaskSubmitter asyncTaskSubmitter(RedisBroker broker, TaskCodec codec, BizIdEvaluator bizIds,
				ObjectProvider<SubmitInterceptor> interceptors, ObjectProvider<TaskListener> listeners,
				ResendBuffer resendBuffer, ObjectProvider<SubmitObserver> observer, FlowRules flows,
				ResultWaiters resultWaiters, ResultWriter resultWriter, ObjectProvider<SubmitOutbox> outbox,
				RedisReachability reachability) {
			TaskSubmitter submitter = new TaskSubmitter(broker, codec, bizIds, interceptors.orderedStream().toList(),
					listeners(listeners), resendBuffer, Clock.systemUTC(),
					observer.getIfUnique(() -> SubmitObserver.NONE), flows, outbox.getIfAvailable(), reachability);
			submitter.results(resultWaiters, resultWriter);
			return submitter;
		}

		// Writes results of tasks returning CompletableFuture<T> by their declared T.
		@Bean
		@ConditionalOnMissingBean
		ResultWriter asyncTaskResultWriter(ObjectProvider<JsonMapper> applicationMapper,
				AsyncTaskProperties properties) {
			return new ResultWriter(applicationMapper.getIfAvailable(() -> JsonMapper.builder().build()),
					Math.toIntExact(properties.getMaxPayloadSize().toBytes()));
		}

		// The futures of this instance waiting for results: one subscription, opened at
		// the first future.
		@Bean
		@ConditionalOnMissingBean
		ResultWaiters asyncTaskResultWaiters(RedisConnectionFactory connectionFactory, FlowStore flowStore,
				RedisBroker broker, ObjectProvider<JsonMapper> applicationMapper, AsyncTaskProperties properties,
				ResultsProperties results) {
			// results live in the shard that holds their task
			Function<String, List<String>> shards = broker.layout()::served;
			return new ResultWaiters(connectionFactory, flowStore, shards,
					applicationMapper.getIfAvailable(() -> JsonMapper.builder().build()),
					properties.getWorker().getPollInterval(), results.getMaxWaiting(), results.getSubmitTimeout());
		}

		@Bean
		@ConditionalOnMissingBean
		AsyncTaskTemplate asyncTaskTemplate(TaskSubmitter submitter, TaskRegistry registry, RedisBroker broker,
				ObjectProvider<ScheduleRunner> schedules, ObjectProvider<RuntimeSchedules> runtimeSchedules) {
			return new AsyncTaskTemplate(submitter, registry, broker, schedules.getIfAvailable(),
					runtimeSchedules.getIfAvailable());
		}

	}

	/**
	 * The worker side: present unless {@code async-task.worker.enabled=false} makes this
	 * instance submit only.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "async-task.worker.enabled", matchIfMissing = true)
	static class WorkerConfiguration {

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
				RedisReachability reachability) {
			Duration phaseTimeout = ShutdownBudget.phaseTimeout(environment);
			DottedQueueKeys.warn(environment);
			FlowCompletion flowCompletion = new FlowCompletion(flows, registry, codec, flowStore, resultWriter,
					properties.getRetention().getResults());
			return new AsyncTaskWorkers(
					() -> Optional.ofNullable(settings.getIfAvailable())
						.or(() -> WorkerSettingsMapper.servedQueues(properties, registry, phaseTimeout)),
					(served) -> new WorkerContainerBuilder(broker, wakeSignals, registry, codec, bodyInvoker, served)
						.interceptors(interceptors.orderedStream().toList())
						.listener(listeners(listeners))
						.backoff(backoff)
						.virtualThreads(WorkerSettingsMapper.virtualThreads(properties, environment))
						.successHook(flowCompletion)
						.reachability(reachability)
						.build());
		}

		// Finishes flows a crash interrupted: waiting tasks' first checks and timeouts,
		// releases owed longer than a lease. Queues no after rule names are swept less
		// often while idle.
		@Bean
		@ConditionalOnMissingBean
		FlowSweeper asyncTaskFlowSweeper(FlowStore flowStore, TaskRegistry registry, AsyncTaskProperties properties,
				RedisBroker broker, FlowRules flows, RedisReachability reachability) {
			// a sharded queue's waiting tasks sit in each of its shards
			ShardLayout layout = broker.layout();
			FlowSweeper sweeper = new FlowSweeper(flowStore,
					() -> registry.queues().stream().flatMap((queue) -> layout.served(queue).stream()).toList(),
					(queue) -> flows.isFlowQueue(ShardName.queueOf(queue)), properties.getLease().dividedBy(3),
					properties.getLease());
			sweeper.reachability(reachability);
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

	/**
	 * Periodic tasks: every working instance with a scheduled task method fires its ticks
	 * (the tick script makes each fire once across instances); a submit-only instance
	 * ({@code async-task.worker.enabled=false}, also the test module's offline modes)
	 * fires none.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "async-task.worker.enabled", matchIfMissing = true)
	static class ScheduleConfiguration {

		@Bean
		@ConditionalOnMissingBean
		ScheduleStore asyncTaskScheduleStore(RedisConnectionFactory connectionFactory, RedisKeys keys,
				AsyncTaskProperties properties) {
			return new ScheduleStore(connectionFactory, keys, properties.getRedisTimeout());
		}

		// A SmartLifecycle: its thread starts with the context, when the registry is
		// complete, and only when some task is scheduled.
		@Bean
		@ConditionalOnMissingBean
		ScheduleRunner asyncTaskScheduleRunner(AsyncTaskProperties properties, ScheduleProperties scheduleProperties,
				TaskRegistry registry, ScheduleStore store, TaskCodec codec, ObjectProvider<ScheduleListener> listeners,
				RedisReachability reachability) {
			List<ScheduleListener> all = listeners.orderedStream().toList();
			ScheduleListener listener = (schedule, outcome, count) -> all
				.forEach((each) -> each.ticks(schedule, outcome, count));
			TickFiring firing = new TickFiring(store, codec, listener, scheduleProperties.getMaxCatchUp(),
					Clock.systemUTC());
			return new ScheduleRunner(registry, overrides(properties), firing, store, Clock.systemUTC(), reachability);
		}

		static Map<String, ScheduleOverride> overrides(AsyncTaskProperties properties) {
			Map<String, ScheduleOverride> overrides = new LinkedHashMap<>();
			properties.getSchedules().forEach((name, schedule) -> {
				if (schedule.plainValue() == null) {
					overrides.put(name, new ScheduleOverride(schedule.getCron(), schedule.getEvery(),
							schedule.isEnabled(), schedule.getZone()));
				}
			});
			return overrides;
		}

	}

}
