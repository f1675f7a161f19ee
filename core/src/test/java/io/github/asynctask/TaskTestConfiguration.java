package io.github.asynctask;

import java.time.Clock;
import java.util.List;

import io.github.asynctask.aop.AsyncTaskAnnotationBeanPostProcessor;
import io.github.asynctask.aop.ProxyTaskBodyInvoker;
import io.github.asynctask.aop.ProxyTaskDefinitionCheck;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.AnnotationTaskRegistry;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.TaskDefaults;
import io.github.asynctask.event.CompositeTaskListener;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.submit.TaskSubmitter;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The submit-side bean graph, wired as the auto-configuration does; tests add a
 * {@link RedisBroker} bean and their task beans.
 */
@Configuration(proxyBeanMethods = false)
public class TaskTestConfiguration {

	@Bean
	static AsyncTaskAnnotationBeanPostProcessor asyncTaskAnnotationBeanPostProcessor() {
		return new AsyncTaskAnnotationBeanPostProcessor();
	}

	@Bean
	JacksonTaskCodec taskCodec() {
		return new JacksonTaskCodec(JsonMapper.builder().build(), JacksonTaskCodec.DEFAULT_MAX_PAYLOAD_BYTES);
	}

	@Bean
	BizIdEvaluator bizIdEvaluator() {
		return new BizIdEvaluator();
	}

	@Bean
	AnnotationTaskRegistry taskRegistry(JacksonTaskCodec codec, BizIdEvaluator bizIds) {
		return new AnnotationTaskRegistry(TaskDefaults.STANDARD, bizIds,
				List.of(codec, new ProxyTaskDefinitionCheck()));
	}

	@Bean
	ResendBuffer resendBuffer(RedisBroker broker, ObjectProvider<TaskListener> listeners) {
		return new ResendBuffer(broker, 10_000, composite(listeners));
	}

	@Bean
	TaskSubmitter taskSubmitter(RedisBroker broker, JacksonTaskCodec codec, BizIdEvaluator bizIds,
			ObjectProvider<SubmitInterceptor> interceptors, ObjectProvider<TaskListener> listeners,
			ResendBuffer resendBuffer) {
		return new TaskSubmitter(broker, codec, bizIds, interceptors.orderedStream().toList(), composite(listeners),
				resendBuffer, Clock.systemUTC());
	}

	private static TaskListener composite(ObjectProvider<TaskListener> listeners) {
		return new CompositeTaskListener(listeners.orderedStream().toList());
	}

	@Bean
	ProxyTaskBodyInvoker taskBodyInvoker() {
		return new ProxyTaskBodyInvoker();
	}

	@Bean
	AsyncTaskTemplate asyncTaskTemplate(TaskSubmitter submitter, AnnotationTaskRegistry registry, RedisBroker broker) {
		return new AsyncTaskTemplate(submitter, registry, broker);
	}

}
