package io.github.asynctask.testing;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.AsyncTaskWorkers;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} imported by {@link AutoConfigureAsyncTask}: in the modes without
 * Redis a broker that records (and runs) submits replaces the Redis one, which makes the
 * main auto-configuration's broker back off; against Redis, {@link AsyncTaskTestSupport}.
 */
@AutoConfiguration(before = AsyncTaskAutoConfiguration.class)
@Import({ AsyncTaskTestAutoConfiguration.WithoutRedisConfiguration.class,
		AsyncTaskTestAutoConfiguration.RedisConfiguration.class })
public final class AsyncTaskTestAutoConfiguration {

	/**
	 * {@link AsyncTaskTestMode#RECORD} and {@link AsyncTaskTestMode#INLINE}: no bean
	 * opens a Redis connection (the worker is off, see
	 * {@link TestModeContextCustomizerFactory}), and every argument is read back at the
	 * call ({@link ReadBackCheckingCodec}).
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnExpression("'${async-task.test.mode:}' == 'record' or '${async-task.test.mode:}' == 'inline'")
	static class WithoutRedisConfiguration {

		// Static: it removes a bean definition before any bean exists.
		@Bean
		static RedisEnvironmentCheckRemover asyncTaskRedisEnvironmentCheckRemover() {
			return new RedisEnvironmentCheckRemover();
		}

		// Static: it wraps the codec bean as it is created.
		@Bean
		static ReadBackCheckingCodec.PostProcessor asyncTaskReadBackCheck() {
			return new ReadBackCheckingCodec.PostProcessor();
		}

		@Bean
		AsyncTaskRecorder asyncTaskRecorder(ObjectProvider<TaskRegistry> registry) {
			return new AsyncTaskRecorder(registry::getObject);
		}

		@Bean
		RedisBroker asyncTaskOfflineBroker(AsyncTaskRecorder recorder, ObjectProvider<TaskRegistry> registry,
				ObjectProvider<TaskCodec> codec, ObjectProvider<RedisKeys> keys, Environment environment) {
			boolean inline = "inline".equals(environment.getProperty(TestModeContextCustomizerFactory.MODE_PROPERTY));
			InlineRunner runner = inline ? new InlineRunner() : null;
			return OfflineBroker.create(new OfflineSubmissions(registry::getObject, codec::getObject, recorder, runner),
					keys::getObject);
		}

	}

	/** {@link AsyncTaskTestMode#REDIS}: the application's Redis, drained on request. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "async-task.test.mode", havingValue = "redis")
	static class RedisConfiguration {

		@Bean
		AsyncTaskTestSupport asyncTaskTestSupport(RedisBroker broker, RedisKeys keys,
				RedisConnectionFactory connectionFactory, ObjectProvider<AsyncTaskWorkers> workers,
				TaskRegistry registry) {
			return new AsyncTaskTestSupport(broker, keys, connectionFactory, () -> served(workers, registry),
					() -> known(workers, registry));
		}

		private static Collection<String> known(ObjectProvider<AsyncTaskWorkers> workers, TaskRegistry registry) {
			Set<String> queues = new TreeSet<>(registry.queues());
			queues.addAll(served(workers, registry));
			return queues;
		}

		/** What the running container serves; the task methods' queues when none runs. */
		private static Collection<String> served(ObjectProvider<AsyncTaskWorkers> workers, TaskRegistry registry) {
			return workers.stream()
				.flatMap((running) -> running.container().stream())
				.findFirst()
				.<Collection<String>>map((container) -> container.settings().concurrencyByQueue().keySet())
				.orElseGet(registry::queues);
		}

	}

}
