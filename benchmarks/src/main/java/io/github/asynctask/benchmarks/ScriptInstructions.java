package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.redis.script.LuaSources;
import io.github.asynctask.redis.lua.PackedMeta;
import io.github.asynctask.redis.RedisKeys;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;

/**
 * Counts the instructions {@code redis-server} spends in async-task's hot scripts, run
 * under valgrind's callgrind: a submit of one task ({@code enqueue}), a fetch
 * ({@code dequeue}) and an ack ({@code complete}) per task, at a given number of tasks
 * per fetch and ack call. Unlike microseconds, an instruction count does not move with
 * the neighbours of a shared VM, so a change of a few per cent in a script shows in one
 * run. Each figure is the difference of two Redis processes, one that ran the calls and
 * one that ran everything before them; the driver's calls are pipelined, so its own speed
 * does not matter. Needs {@code valgrind} and {@code redis-server} on the PATH. Run with
 * {@code -Dbench.main=io.github.asynctask.benchmarks.ScriptInstructions} and
 * {@code -Dbench.args="--n=20000 --batch=10"}; {@code n} must be a multiple of the batch.
 * It also reads the replies of builds before 0e96ec3, so a copy of it can measure an
 * older build for a before-and-after.
 */
public final class ScriptInstructions {

	private static final String QUEUE = "bench";

	private static final String NAME = "com.example.Tasks.run";

	private static final String PAYLOAD = "[\"" + "x".repeat(96) + "\"]";

	private static final int PIPELINE = 200;

	private final RedisKeys keys = new RedisKeys("bq");

	private final int tasks;

	private final int batch;

	private final int remembered;

	private ScriptInstructions(int tasks, int batch, int remembered) {
		this.tasks = tasks;
		this.batch = batch;
		this.remembered = remembered;
	}

	public static void main(String[] args) throws Exception {
		int n = 20_000;
		int batch = 10;
		int remembered = 0;
		for (String arg : args) {
			if (arg.startsWith("--n=")) {
				n = Integer.parseInt(arg.substring(4));
			}
			else if (arg.startsWith("--batch=")) {
				batch = Integer.parseInt(arg.substring(8));
			}
			else if (arg.startsWith("--remembered=")) {
				remembered = Integer.parseInt(arg.substring(13));
			}
		}
		new ScriptInstructions(n, batch, remembered).report();
	}

	private void report() throws Exception {
		long nothing = instructions(Phase.NOTHING);
		long enqueued = instructions(Phase.ENQUEUE);
		long dequeued = instructions(Phase.DEQUEUE);
		long completed = instructions(Phase.COMPLETE);
		double enqueue = (double) (enqueued - nothing) / this.tasks;
		double dequeue = (double) (dequeued - enqueued) / this.tasks;
		double complete = (double) (completed - dequeued) / this.tasks;
		System.out.printf(Locale.ROOT,
				"INSTRUCTIONS n=%d batch=%d remembered=%d: enqueue of 1 task %.0f per call; dequeue %.0f and complete %.0f per task"
						+ " (%.0f per fetched-and-acked task); async-task-core %s%n",
				this.tasks, this.batch, this.remembered, enqueue, dequeue, complete, dequeue + complete,
				AsyncTaskVersion.get());
	}

	/**
	 * What one Redis process runs before it is shut down; each phase includes the ones
	 * above it.
	 */
	private enum Phase {

		NOTHING, ENQUEUE, DEQUEUE, COMPLETE

	}

	private long instructions(Phase phase) throws Exception {
		Path out = Files.createTempFile("asynctask-callgrind", ".out");
		int port = freePort();
		Process redis;
		try {
			redis = new ProcessBuilder("valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, "redis-server",
					"--port", Integer.toString(port), "--save", "", "--appendonly", "no")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException("ScriptInstructions runs redis-server under valgrind, which is not on the"
					+ " PATH (Debian: apt-get install valgrind): " + ex.getMessage(), ex);
		}
		RedisClient client = RedisClient.create("redis://127.0.0.1:" + port);
		try (StatefulRedisConnection<String, String> connection = connect(client)) {
			if (phase != Phase.NOTHING) {
				run(connection.async(), phase);
			}
			connection.sync().shutdown(false);
		}
		catch (io.lettuce.core.RedisException ex) {
			// SHUTDOWN closes the connection without a reply
		}
		finally {
			client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
		}
		if (!redis.waitFor(2, TimeUnit.MINUTES)) {
			redis.destroyForcibly();
			throw new IllegalStateException("redis-server under valgrind did not stop");
		}
		try {
			String keep = System.getProperty("bench.callgrindDir");
			if (keep != null) {
				// for callgrind_annotate: where a phase's instructions went, by function
				Files.copy(out, Path.of(keep, "callgrind." + phase.name().toLowerCase(Locale.ROOT) + ".out"),
						java.nio.file.StandardCopyOption.REPLACE_EXISTING);
			}
			return totalInstructions(Files.readAllLines(out));
		}
		finally {
			Files.deleteIfExists(out);
		}
	}

	private void run(RedisAsyncCommands<String, String> redis, Phase phase) throws Exception {
		String enqueue = redis.scriptLoad(LuaSources.of("enqueue")).get();
		String dequeue = redis.scriptLoad(LuaSources.of("dequeue")).get();
		String complete = redis.scriptLoad(LuaSources.of("complete")).get();
		String q = QUEUE;
		rememberOldIds(redis);
		String[] enqueueKeys = { this.keys.tasks(q), this.keys.pending(q), this.keys.scheduled(q),
				this.keys.payloads(q), this.keys.wake(q), this.keys.noUnique(q), this.keys.done(q) };
		List<RedisFuture<List<Object>>> calls = new ArrayList<>();
		for (int i = 0; i < this.tasks; i++) {
			calls.add(redis.evalsha(enqueue, ScriptOutputType.MULTI, enqueueKeys, this.keys.dueChannel(q),
					String.format("%014d", i), NAME, PAYLOAD, "25", "+0", "0"));
			awaitEvery(calls);
		}
		awaitAll(calls);
		if (phase == Phase.ENQUEUE) {
			return;
		}
		List<String> acks = new ArrayList<>();
		String previousFetch = this.keys.fetch(q, "");
		for (int taken = 0; taken < this.tasks; taken += this.batch) {
			String fetch = this.keys.fetch(q, "f" + taken);
			// the keys the broker sends (FetchCalls): the parked-task and owed-report
			// keys cost a
			// command or two per call even when they do not exist
			String[] dequeueKeys = { this.keys.tasks(q), this.keys.pending(q), this.keys.active(q), this.keys.leases(q),
					this.keys.paused(q), this.keys.dead(q), this.keys.completed(q), fetch, previousFetch,
					this.keys.payloads(q), this.keys.done(q), this.keys.wake(q), this.keys.rate(q),
					this.keys.concurrencyKeys(q), this.keys.parkedByKey(q), this.keys.parkedKeys(q),
					this.keys.batchOwed(q) };
			previousFetch = fetch;
			List<String> args = new ArrayList<>(List.of(Integer.toString(this.batch), "30000", "0", "3600000"));
			for (int i = 0; i < this.batch; i++) {
				args.add(Long.toString(ThreadLocalRandom.current().nextLong(1, 1L << 53)));
			}
			calls.add(redis.evalsha(dequeue, ScriptOutputType.MULTI, dequeueKeys, args.toArray(new String[0])));
			awaitEvery(calls);
		}
		for (RedisFuture<List<Object>> call : calls) {
			List<Object> reply = call.get();
			// id, "<meta>\n<payload>" pairs; builds before 0e96ec3 sent id, meta, payload
			int step = (reply.size() == 3 * this.batch) ? 3 : 2;
			for (int i = 0; i + 1 < reply.size(); i += step) {
				String value = (String) reply.get(i + 1);
				int newline = value.indexOf('\n');
				acks.add((String) reply.get(i));
				acks.add(Long.toString(PackedMeta.parse((newline < 0) ? value : value.substring(0, newline)).token()));
			}
		}
		calls.clear();
		if (acks.size() != 2 * this.tasks) {
			throw new IllegalStateException("dequeue delivered " + acks.size() / 2 + " of " + this.tasks + " tasks");
		}
		if (phase == Phase.DEQUEUE) {
			return;
		}
		String[] completeKeys = { this.keys.tasks(q), this.keys.active(q), this.keys.leases(q), this.keys.completed(q),
				this.keys.payloads(q), this.keys.done(q), this.keys.flowWatchers(q), this.keys.flowOwed(q) };
		for (int from = 0; from < acks.size(); from += 2 * this.batch) {
			List<String> args = new ArrayList<>(List.of("0", "3600000"));
			args.addAll(acks.subList(from, Math.min(acks.size(), from + 2 * this.batch)));
			calls.add(redis.evalsha(complete, ScriptOutputType.MULTI, completeKeys, args.toArray(new String[0])));
			awaitEvery(calls);
		}
		for (RedisFuture<List<Object>> call : calls) {
			if (call.get().stream().anyMatch((code) -> !Long.valueOf(1).equals(code))) {
				throw new IllegalStateException("an ack was not applied: " + call.get());
			}
		}
	}

	/**
	 * The completed-ids window as a busy queue holds it: ids completed longer ago than
	 * the window, so every {@code complete} forgets some (in every phase, so the
	 * difference leaves only the forgetting done by the calls measured).
	 */
	private void rememberOldIds(RedisAsyncCommands<String, String> redis) throws Exception {
		List<RedisFuture<Long>> calls = new ArrayList<>();
		for (int i = 0; i < this.remembered; i++) {
			calls.add(redis.zadd(this.keys.done(QUEUE), 1, String.format("old-%014d", i)));
			awaitEvery(calls);
		}
		awaitAll(calls);
	}

	private static void awaitEvery(List<? extends RedisFuture<?>> calls) throws Exception {
		if (calls.size() % PIPELINE == 0) {
			calls.get(calls.size() - 1).get(1, TimeUnit.MINUTES);
		}
	}

	private static void awaitAll(List<? extends RedisFuture<?>> calls) throws Exception {
		for (RedisFuture<?> call : calls) {
			call.get(1, TimeUnit.MINUTES);
		}
		calls.clear();
	}

	private static StatefulRedisConnection<String, String> connect(RedisClient client) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (true) {
			try {
				return client.connect();
			}
			catch (io.lettuce.core.RedisConnectionException ex) {
				if (System.nanoTime() > deadline) {
					throw ex;
				}
				Thread.sleep(200);
			}
		}
	}

	/** The {@code summary:} (or {@code totals:}) line of a callgrind output file. */
	static long totalInstructions(List<String> callgrindOut) {
		for (String line : callgrindOut) {
			if (line.startsWith("summary:") || line.startsWith("totals:")) {
				return Long.parseLong(line.substring(line.indexOf(':') + 1).trim().split("\\s+")[0]);
			}
		}
		throw new IllegalStateException("callgrind wrote no summary line");
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
