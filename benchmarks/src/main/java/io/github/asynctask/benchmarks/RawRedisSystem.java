package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.redis.script.LuaSources;
import io.github.asynctask.redis.lua.PackedMeta;
import io.github.asynctask.redis.RedisKeys;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * async-task's own Lua transitions (enqueue, dequeue, complete) called straight through
 * one Lettuce connection, without the library around them: the ceiling for our design.
 * One thread's submits are a bare call loop; concurrent threads share the connection, so
 * Lettuce pipelines their commands; a batch is one enqueue call carrying every task. The
 * worker side is the library's design with nothing around it: one fetcher takes as many
 * tasks as there are free slots of 16 (no-op bodies run inline), one thread completes
 * every waiting ack in one call and frees their slots.
 */
final class RawRedisSystem implements SystemUnderTest {

	static final String TASK_NAME = "bench.noop";

	/**
	 * The library's default completed-ids window (1h), remembered by complete as it does.
	 */
	static final String COMPLETED_IDS_MILLIS = "3600000";

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
		return "async-task's scripts by EVALSHA on one shared Lettuce connection: enqueue per submit (a batch in one call); dequeue for the free slots of 16 and grouped complete calls of up to 256";
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

		private WorkerLoops acker;

		private final BlockingQueue<String[]> acks = new LinkedBlockingQueue<>();

		/** Tasks fetched and not yet acked may not exceed the worker count. */
		private Semaphore free;

		Raw(RedisTarget redis) {
			this.client = RedisClient.create(redis.url());
			this.connection = this.client.connect();
			this.sync = this.connection.sync();
			this.enqueueSha = this.sync.scriptLoad(LuaSources.of("enqueue"));
			this.dequeueSha = this.sync.scriptLoad(LuaSources.of("dequeue"));
			this.completeSha = this.sync.scriptLoad(LuaSources.of("complete"));
			String q = QUEUE;
			this.enqueueKeys = new String[] { this.keys.tasks(q), this.keys.pending(q), this.keys.scheduled(q),
					this.keys.payloads(q), this.keys.wake(q), this.keys.noUnique(q), this.keys.done(q) };
			this.dequeueKeys = new String[] { this.keys.tasks(q), this.keys.pending(q), this.keys.active(q),
					this.keys.leases(q), this.keys.paused(q), this.keys.dead(q), this.keys.completed(q),
					this.keys.fetch(q, ""), this.keys.fetch(q, ""), this.keys.payloads(q), this.keys.done(q),
					this.keys.wake(q) };
			this.completeKeys = new String[] { this.keys.tasks(q), this.keys.active(q), this.keys.leases(q),
					this.keys.completed(q), this.keys.payloads(q), this.keys.done(q) };
		}

		@Override
		public void submit(String arg) {
			this.sync.evalsha(this.enqueueSha, ScriptOutputType.MULTI, this.enqueueKeys, enqueueArgs(List.of(arg)));
		}

		/**
		 * The whole batch in one enqueue call, as the library sends a transaction's
		 * submits.
		 */
		@Override
		public void submitBatch(List<String> args) {
			// the five fixed keys, one dedup placeholder per task, the completed-ids set
			// last
			String[] keys = new String[6 + args.size()];
			System.arraycopy(this.enqueueKeys, 0, keys, 0, 5);
			Arrays.fill(keys, 5, keys.length - 1, this.enqueueKeys[5]);
			keys[keys.length - 1] = this.enqueueKeys[6];
			this.sync.evalsha(this.enqueueSha, ScriptOutputType.MULTI, keys, enqueueArgs(args));
		}

		private String[] enqueueArgs(List<String> taskArgs) {
			List<String> args = new ArrayList<>(1 + taskArgs.size() * 6);
			args.add(this.keys.dueChannel(QUEUE));
			for (String arg : taskArgs) {
				args.addAll(List.of(TaskIds.next(), TASK_NAME, "[\"" + arg + "\"]", "25", "+0", "0"));
			}
			return args.toArray(new String[0]);
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
			this.free = new Semaphore(concurrency);
			this.acker = new WorkerLoops("raw-acker", 1, this::ackWaiting);
			this.workers = new WorkerLoops("raw-fetcher", 1, this::fetchForFreeSlots);
		}

		/**
		 * Acks every id waiting in one complete call, as the library's ack thread does.
		 */
		private boolean ackWaiting() throws InterruptedException {
			String[] first = this.acks.poll(1, TimeUnit.MILLISECONDS);
			if (first == null) {
				return true;
			}
			List<String[]> group = new ArrayList<>();
			group.add(first);
			this.acks.drainTo(group, 255);
			String[] args = new String[2 + group.size() * 2];
			args[0] = "0";
			args[1] = COMPLETED_IDS_MILLIS;
			for (int i = 0; i < group.size(); i++) {
				args[2 + i * 2] = group.get(i)[0];
				args[3 + i * 2] = group.get(i)[1];
			}
			this.sync.evalsha(this.completeSha, ScriptOutputType.MULTI, this.completeKeys, args);
			this.free.release(group.size());
			return true;
		}

		/** Takes as many tasks as there are free slots, runs them, queues their acks. */
		private boolean fetchForFreeSlots() throws InterruptedException {
			if (!this.free.tryAcquire(1, TimeUnit.MILLISECONDS)) {
				return true;
			}
			int wanted = 1 + this.free.drainPermits();
			String[] args = new String[4 + wanted];
			args[0] = Integer.toString(wanted);
			args[1] = "30000";
			args[2] = "0";
			args[3] = COMPLETED_IDS_MILLIS;
			for (int i = 0; i < wanted; i++) {
				args[4 + i] = Long.toString(ThreadLocalRandom.current().nextLong(1, 1L << 53));
			}
			// a fresh fetch record per call, the previous one dropped, as the broker does
			String previous = this.dequeueKeys[7];
			this.dequeueKeys[7] = this.keys.fetch(QUEUE, Long.toString(ThreadLocalRandom.current().nextLong()));
			this.dequeueKeys[8] = previous;
			List<Object> reply = this.sync.evalsha(this.dequeueSha, ScriptOutputType.MULTI, this.dequeueKeys, args);
			// id, "<meta>\n<payload>" pairs (dequeue.lua)
			this.free.release(wanted - reply.size() / 2);
			for (int i = 0; i < reply.size(); i += 2) {
				String value = (String) reply.get(i + 1);
				int newline = value.indexOf('\n');
				Probe.hit(argOf(value, newline + 1));
				this.acks.add(new String[] { (String) reply.get(i), tokenOf(value.substring(0, newline)) });
			}
			return !reply.isEmpty();
		}

		/**
		 * The fencing token: the packed meta's, as the library reads it, or the meta
		 * JSON's "k" field, a string.
		 */
		private static String tokenOf(String meta) {
			if (PackedMeta.isPacked(meta)) {
				return Long.toString(PackedMeta.parse(meta).token());
			}
			int start = meta.indexOf("\"k\":\"") + 5;
			int end = start;
			while (end < meta.length() && Character.isDigit(meta.charAt(end))) {
				end++;
			}
			return meta.substring(start, end);
		}

		/** The argument of a payload {@code ["<arg>"]} that starts at {@code from}. */
		private static String argOf(String value, int from) {
			return value.substring(from + 2, value.length() - 2);
		}

		@Override
		public void close() throws InterruptedException {
			if (this.workers != null) {
				this.workers.close();
				this.acker.close();
			}
			this.connection.close();
			this.client.shutdown();
		}

	}

}
