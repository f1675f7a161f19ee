package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.redis.RedisKeys;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * async-task's own Lua transitions (enqueue, dequeue, complete) called straight through
 * one Lettuce connection, without the library around them: the ceiling for our design.
 * One thread's submits are a bare call loop; concurrent threads share the connection, so
 * Lettuce pipelines their commands; a batch is written back to back and awaited once.
 */
final class RawRedisSystem implements SystemUnderTest {

	static final String TASK_NAME = "bench.noop";

	@Override
	public String name() {
		return "raw-redis";
	}

	@Override
	public Map<String, String> versions() {
		return Map.of("lettuce-core", Versions.of("io.lettuce", "lettuce-core"), "scripts", "async-task-core");
	}

	@Override
	public Set<Feature> features() {
		return Set.of(Feature.SUBMIT_WITHOUT_WORKERS, Feature.BATCH, Feature.REDIS);
	}

	@Override
	public String setup() {
		return "async-task's enqueue/dequeue(1)/complete scripts by EVALSHA on one shared Lettuce connection";
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new Raw(redis);
	}

	private static final class Raw implements Contender {

		private final RedisKeys keys = new RedisKeys("asynctask");

		private final RedisClient client;

		private final StatefulRedisConnection<String, String> connection;

		private final RedisCommands<String, String> sync;

		private final String enqueueSha;

		private final String dequeueSha;

		private final String completeSha;

		private final String[] enqueueKeys;

		private final String[] dequeueKeys;

		private final String[] completeKeys;

		private WorkerLoops workers;

		Raw(RedisTarget redis) {
			this.client = RedisClient.create(redis.url());
			this.connection = this.client.connect();
			this.sync = this.connection.sync();
			this.enqueueSha = this.sync.scriptLoad(CoreScripts.source("enqueue"));
			this.dequeueSha = this.sync.scriptLoad(CoreScripts.source("dequeue"));
			this.completeSha = this.sync.scriptLoad(CoreScripts.source("complete"));
			String q = QUEUE;
			this.enqueueKeys = new String[] { this.keys.tasks(q), this.keys.pending(q), this.keys.scheduled(q),
					this.keys.noUnique(q) };
			this.dequeueKeys = new String[] { this.keys.tasks(q), this.keys.pending(q), this.keys.active(q),
					this.keys.leases(q), this.keys.paused(q), this.keys.dead(q), this.keys.completed(q) };
			this.completeKeys = new String[] { this.keys.tasks(q), this.keys.active(q), this.keys.leases(q),
					this.keys.completed(q) };
		}

		@Override
		public void submit(String arg) {
			this.sync.evalsha(this.enqueueSha, ScriptOutputType.MULTI, this.enqueueKeys, enqueueArgs(arg));
		}

		@Override
		public void submitBatch(List<String> args) {
			List<RedisFuture<Object>> futures = new ArrayList<>(args.size());
			for (String arg : args) {
				futures.add(this.connection.async()
					.evalsha(this.enqueueSha, ScriptOutputType.MULTI, this.enqueueKeys, enqueueArgs(arg)));
			}
			if (!LettuceFutures.awaitAll(java.time.Duration.ofSeconds(60), futures.toArray(new RedisFuture<?>[0]))) {
				throw new IllegalStateException("raw-redis batch of " + args.size() + " got no reply in 60 s");
			}
		}

		private String[] enqueueArgs(String arg) {
			return new String[] { TaskIds.next(), TASK_NAME, "[\"" + arg + "\"]", "25", "0", "-1", "0",
					this.keys.wakeChannel(QUEUE), this.keys.dueChannel(QUEUE) };
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
			this.workers = new WorkerLoops("raw-worker", concurrency, this::runOne);
		}

		private boolean runOne() {
			List<Object> reply = this.sync.evalsha(this.dequeueSha, ScriptOutputType.MULTI, this.dequeueKeys, "1",
					"30000", "0");
			if (reply.isEmpty()) {
				return false;
			}
			String id = (String) reply.get(0);
			String data = (String) reply.get(1);
			Probe.hit(argOf(data));
			this.sync.evalsha(this.completeSha, ScriptOutputType.INTEGER, this.completeKeys, id, tokenOf(data), "0");
			return true;
		}

		/** The fencing token is the meta JSON's "k" field. */
		private static String tokenOf(String data) {
			int start = data.indexOf("\"k\":") + 4;
			int end = start;
			while (end < data.length() && Character.isDigit(data.charAt(end))) {
				end++;
			}
			return data.substring(start, end);
		}

		private static String argOf(String data) {
			int newline = data.indexOf('\n');
			return data.substring(newline + 3, data.length() - 2);
		}

		@Override
		public void close() throws InterruptedException {
			if (this.workers != null) {
				this.workers.close();
			}
			this.connection.close();
			this.client.shutdown();
		}

	}

}
