package io.github.asynctask.autoconfigure;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.SubmitInterceptor;
import io.github.asynctask.batch.Batches;
import io.github.asynctask.aop.AsyncTaskAnnotationBeanPostProcessor;
import io.github.asynctask.aop.ProxyTaskDefinitionCheck;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.AnnotationTaskRegistry;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.Debounces;
import io.github.asynctask.definition.EntityParameterWarning;
import io.github.asynctask.definition.TaskDefaults;
import io.github.asynctask.definition.TaskDefinitionCheck;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.limit.ConcurrencyKeys;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.flow.FlowRules;
import io.github.asynctask.flow.ResultWaiters;
import io.github.asynctask.flow.ResultWriter;
import io.github.asynctask.schedule.RuntimeSchedules;
import io.github.asynctask.schedule.ScheduleCheck;
import io.github.asynctask.schedule.ScheduleRunner;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.submit.SubmitObserver;
import io.github.asynctask.submit.SubmitOutbox;
import io.github.asynctask.submit.TaskSubmitter;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.beans.factory.config.EmbeddedValueResolver;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The proxy that turns calls of {@code @AsyncTask} methods into submits, and what it
 * needs: registry, codec, submitter with its re-send buffer, and the template.
 */
@Configuration(proxyBeanMethods = false)
class SubmitConfiguration {

	/** Committed submits held while Redis is unreachable, at most. */
	static final int RESEND_BUFFER_CAPACITY = 10_000;

	// Static: a post-processor must exist before the beans it advises. Like Spring
	// Boot's own AOP set-up it proxies classes unless
	// spring.aop.proxy-target-class=false,
	// so handler beans can be injected by their class.
	@Bean
	@ConditionalOnMissingBean
	static AsyncTaskAnnotationBeanPostProcessor asyncTaskAnnotationBeanPostProcessor(Environment environment) {
		AsyncTaskAnnotationBeanPostProcessor postProcessor = new AsyncTaskAnnotationBeanPostProcessor();
		postProcessor
			.setProxyTargetClass(environment.getProperty("spring.aop.proxy-target-class", Boolean.class, Boolean.TRUE));
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
		checks.add(
				new ScheduleCheck(ScheduleConfiguration.overrides(properties), new EmbeddedValueResolver(beanFactory)));
		checks.add(new ConcurrencyKeys(bizIds));
		checks.add(new Debounces());
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
		return new ResendBuffer(broker, RESEND_BUFFER_CAPACITY, AsyncTaskAutoConfiguration.listeners(listeners));
	}

	@Bean
	@ConditionalOnMissingBean
	TaskSubmitter asyncTaskSubmitter(RedisBroker broker, TaskCodec codec, BizIdEvaluator bizIds,
			ObjectProvider<SubmitInterceptor> interceptors, ObjectProvider<TaskListener> listeners,
			ResendBuffer resendBuffer, ObjectProvider<SubmitObserver> observer, FlowRules flows,
			ResultWaiters resultWaiters, ResultWriter resultWriter, ObjectProvider<SubmitOutbox> outbox,
			RedisReachability reachability, BacklogLimits backlogLimits) {
		TaskSubmitter submitter = new TaskSubmitter(broker, codec, bizIds, interceptors.orderedStream().toList(),
				AsyncTaskAutoConfiguration.listeners(listeners), resendBuffer, Clock.systemUTC(),
				observer.getIfUnique(() -> SubmitObserver.NONE), flows, outbox.getIfAvailable(), reachability);
		submitter.results(resultWaiters, resultWriter);
		submitter.backlogLimits(backlogLimits);
		return submitter;
	}

	// Writes results of tasks returning CompletableFuture<T> by their declared T.
	@Bean
	@ConditionalOnMissingBean
	ResultWriter asyncTaskResultWriter(ObjectProvider<JsonMapper> applicationMapper, AsyncTaskProperties properties) {
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
			ObjectProvider<ScheduleRunner> schedules, ObjectProvider<RuntimeSchedules> runtimeSchedules,
			ObjectProvider<Batches> batches) {
		return new AsyncTaskTemplate(submitter, registry, broker, schedules.getIfAvailable(),
				runtimeSchedules.getIfAvailable(), batches.getIfAvailable());
	}

}
