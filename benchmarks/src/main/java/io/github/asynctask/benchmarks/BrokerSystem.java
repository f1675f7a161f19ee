package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisKeys;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * async-task at broker level: {@link LuaRedisBroker} on a Spring
 * {@link LettuceConnectionFactory}, with 16 plain threads doing dequeue(1), run,
 * complete; no proxy, codec or worker runtime. Measures what Spring Data Redis and the
 * broker add over the raw scripts.
 */
final class BrokerSystem implements SystemUnderTest {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Override
	public String name() {
		return "async-task-broker";
	}

	@Override
	public Map<String, String> versions() {
		return Map.of("async-task-core", AsyncTaskVersion.get(), "spring-data-redis",
				Versions.of("org.springframework.data", "spring-data-redis"), "lettuce-core",
				Versions.of("io.lettuce", "lettuce-core"));
	}

	@Override
	public Set<Feature> features() {
		return Set.of(Feature.SUBMIT_WITHOUT_WORKERS, Feature.BATCH, Feature.REDIS);
	}

	@Override
	public String setup() {
		return "LuaRedisBroker on LettuceConnectionFactory (shared native connection); 16 threads dequeue(1)/complete";
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new Broker(redis);
	}

	private static final class Broker implements Contender {

		private final LettuceConnectionFactory factory;

		private final LuaRedisBroker broker;

		private WorkerLoops workers;

		Broker(RedisTarget redis) {
			this.factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(redis.host(), redis.port()));
			this.factory.afterPropertiesSet();
			this.factory.start();
			this.broker = new LuaRedisBroker(this.factory, new RedisKeys("asynctask"));
		}

		@Override
		public void submit(String arg) {
			this.broker.enqueue(request(arg));
		}

		@Override
		public void submitBatch(List<String> args) {
			List<EnqueueRequest> requests = new ArrayList<>(args.size());
			for (String arg : args) {
				requests.add(request(arg));
			}
			this.broker.enqueueAll(requests);
		}

		private static EnqueueRequest request(String arg) {
			return EnqueueRequest.now(QUEUE, TaskIds.next(), RawRedisSystem.TASK_NAME, "[\"" + arg + "\"]", 25);
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
			this.workers = new WorkerLoops("broker-worker", concurrency, this::runOne);
		}

		private boolean runOne() {
			List<Delivery> deliveries = this.broker.dequeue(QUEUE, 1, LEASE);
			for (Delivery delivery : deliveries) {
				String payload = delivery.payload();
				Probe.hit(payload.substring(2, payload.length() - 2));
				this.broker.complete(delivery, Duration.ZERO);
			}
			return !deliveries.isEmpty();
		}

		@Override
		public void close() throws InterruptedException {
			if (this.workers != null) {
				this.workers.close();
			}
			this.factory.destroy();
		}

	}

}
