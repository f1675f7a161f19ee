package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.asynctask.aop.ProxyTaskBodyInvoker;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.AnnotationTaskRegistry;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.RedisWakeSignals;
import io.github.asynctask.reliability.ReliabilityConfiguration.Args;
import io.github.asynctask.worker.Backoffs;
import io.github.asynctask.worker.WorkerContainer;
import io.github.asynctask.worker.WorkerContainerBuilder;
import io.github.asynctask.worker.WorkerSettings;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The worker side of a worker JVM: a container with fast test settings from the
 * arguments, recording into the ledger.
 */
@Configuration(proxyBeanMethods = false)
class WorkerConfiguration {

	@Bean
	WorkerContainer workerContainer(Args args, LedgerBroker broker, LettuceConnectionFactory connections,
			RedisKeys keys, AnnotationTaskRegistry registry, JacksonTaskCodec codec, Ledger ledger) {
		WorkerSettings settings = WorkerSettings
			.builder(Map.of(ReliabilityTasks.QUEUE, Integer.parseInt(args.get("concurrency"))))
			.lease(args.millis("lease"))
			.heartbeatInterval(args.millis("heartbeat"))
			.pollInterval(args.millis("poll"))
			.recoverInterval(args.millis("recover"))
			.shutdownTimeout(args.millis("shutdown"))
			.unknownTaskGrace(Duration.ofMillis(Long.parseLong(args.get("unknownTaskGrace", "3600000"))))
			// completed tasks kept this long make a re-sent submit of one a no-op
			// (ALREADY_EXISTS)
			.retention(
					new WorkerSettings.Retention(Duration.ofMillis(Long.parseLong(args.get("completedRetention", "0"))),
							WorkerSettings.Retention.DEFAULT.dead()))
			.build();
		return new WorkerContainerBuilder(broker, new RedisWakeSignals(connections, keys), registry, codec,
				new ProxyTaskBodyInvoker(), settings)
			.backoff(Backoffs.fixed(Duration.ofMillis(200)))
			.interceptors(List.of(new LedgerInterceptor(ledger, broker)))
			.instanceId(args.get("name") + "-" + ProcessHandle.current().pid())
			.build();
	}

}
