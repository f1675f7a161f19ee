package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * BullMQ (Node.js), the peer a Node user would pick:
 * {@code benchmarks/bullmq/contender.js} in two Node processes that live for the whole
 * run (so V8 warms up as the JVM does): a producer process holding a {@code Queue} and a
 * worker process holding a {@code Worker} per queue with {@code concurrency} 16 and a
 * no-op processor that stamps its start. The submit loops of {@code enqueue},
 * {@code throughput.combined} and {@code latency} run in the producer process; the other
 * scenarios' single submits cross the pipe to it.
 */
final class BullMqSystem implements SystemUnderTest {

	private static final String SCRIPT = "contender.js";

	private static final Duration CALL = Duration.ofSeconds(30);

	private static final Pattern PINNED = Pattern.compile("\"bullmq\"\\s*:\\s*\"([^\"]+)\"");

	private final AtomicInteger contenders = new AtomicInteger();

	private Map<String, String> versions = Map.of();

	private @Nullable NodeProcess producer;

	private @Nullable NodeProcess worker;

	@Override
	public String name() {
		return "bullmq";
	}

	@Override
	public Map<String, String> versions() {
		if (this.versions.isEmpty()) {
			return Map.of("bullmq", pinned(directory()) + " (pinned; not started)");
		}
		return this.versions;
	}

	@Override
	public Set<Feature> features() {
		// BullMQ has job schedulers, but only async-task's schedules are measured
		return EnumSet.complementOf(EnumSet.of(Feature.SCHEDULES));
	}

	@Override
	public String setup() {
		return "two Node processes (contender.js), each Queue/Worker with its own ioredis connections (BullMQ defaults): "
				+ "producer Queue.add / addBulk (batch), defaultJobOptions removeOnComplete: true, submit and pacing "
				+ "loops in Node (concurrent callers = awaiting async loops); worker process new Worker(queue, "
				+ "no-op async processor, {concurrency: 16}) per queue, default lock/stalled/drainDelay; "
				+ "starts stamped with process.hrtime (CLOCK_MONOTONIC, as System.nanoTime)";
	}

	/**
	 * Installs the pinned packages ({@code npm ci}) when {@code node_modules} is missing,
	 * starts the two processes and checks that Node's clock is the JVM's.
	 */
	@Override
	public synchronized @Nullable String startError(RedisTarget redis) {
		Path directory = directory();
		try {
			if (!Files.isRegularFile(directory.resolve(SCRIPT))) {
				return "no " + SCRIPT + " in " + directory.toAbsolutePath()
						+ " (run from the repository or benchmarks/)";
			}
			if (!Files.isDirectory(directory.resolve("node_modules").resolve("bullmq"))) {
				String error = install(directory);
				if (error != null) {
					return error;
				}
			}
			this.producer = NodeProcess.start(directory, SCRIPT);
			this.worker = NodeProcess.start(directory, SCRIPT);
			Runtime.getRuntime().addShutdownHook(new Thread(this::stop));
			this.versions = hello(this.producer);
			hello(this.worker);
			return null;
		}
		catch (Exception ex) {
			stop();
			return "BullMQ cannot run here: " + Report.describe(ex);
		}
	}

	@Override
	public List<ProcessHandle> processes() {
		List<ProcessHandle> handles = new ArrayList<>();
		for (NodeProcess process : new NodeProcess[] { this.producer, this.worker }) {
			if (process != null) {
				handles.add(process.handle());
			}
		}
		return handles;
	}

	@Override
	public synchronized Contender open(RedisTarget redis) throws Exception {
		if (this.producer == null || this.worker == null) {
			String error = startError(redis);
			if (error != null) {
				throw new IllegalStateException(error);
			}
		}
		return new BullMqContender("c" + this.contenders.incrementAndGet(), this.producer, this.worker, redis);
	}

	/**
	 * {@code benchmarks/bullmq}, from the repository root or from {@code benchmarks/}.
	 */
	static Path directory() {
		Path fromModule = Path.of("bullmq");
		return Files.isDirectory(fromModule) ? fromModule : Path.of("benchmarks", "bullmq");
	}

	private static String pinned(Path directory) {
		try {
			Matcher matcher = PINNED.matcher(Files.readString(directory.resolve("package.json")));
			return matcher.find() ? matcher.group(1) : "unknown";
		}
		catch (IOException ex) {
			return "unknown";
		}
	}

	/** {@code npm ci}; the error with the end of its output if it failed. */
	private static @Nullable String install(Path directory) throws IOException, InterruptedException {
		System.out.println("bullmq: npm ci in " + directory.toAbsolutePath());
		Path log = Files.createTempFile("bullmq-npm", ".log");
		Process npm;
		try {
			npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
		}
		catch (IOException ex) {
			return "npm is not on the PATH (" + ex.getMessage() + "); BullMQ needs Node.js and npm";
		}
		boolean done = npm.waitFor(5, TimeUnit.MINUTES);
		if (!done) {
			npm.destroyForcibly();
		}
		if (done && npm.exitValue() == 0) {
			return null;
		}
		List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
		String tail = String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
		return "npm ci in " + directory + (done ? " failed with status " + npm.exitValue() : " took over 5 minutes")
				+ ": " + tail;
	}

	/**
	 * The versions the script runs with; fails unless its clock reads between two
	 * readings of {@link System#nanoTime()} (latency compares the two).
	 */
	private static Map<String, String> hello(NodeProcess process) throws Exception {
		long before = System.nanoTime();
		List<String> values = process.call(CALL, "hello");
		long after = System.nanoTime();
		long nodeNanos = Long.parseLong(values.get(3));
		if (nodeNanos < before || nodeNanos > after) {
			throw new IllegalStateException("process.hrtime (" + nodeNanos + ") is not System.nanoTime's clock ("
					+ before + ".." + after + "): latencies would not compare");
		}
		Map<String, String> versions = new LinkedHashMap<>();
		versions.put("bullmq", values.get(1));
		versions.put("ioredis", values.get(2));
		versions.put("node", values.get(0));
		return versions;
	}

	private synchronized void stop() {
		for (NodeProcess process : new NodeProcess[] { this.producer, this.worker }) {
			if (process != null) {
				try {
					process.close();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		}
		this.producer = null;
		this.worker = null;
	}

	/** One harness contender: its own Queue and Workers in the two processes. */
	private static final class BullMqContender implements Contender {

		private final String id;

		private final NodeProcess producer;

		private final NodeProcess worker;

		BullMqContender(String id, NodeProcess producer, NodeProcess worker, RedisTarget redis) throws Exception {
			this.id = id;
			this.producer = producer;
			this.worker = worker;
			for (NodeProcess process : new NodeProcess[] { producer, worker }) {
				process.call(CALL, "open", id, redis.host(), redis.port(), QUEUE, TaskArg.LENGTH);
			}
		}

		@Override
		public void submit(String arg) throws Exception {
			this.producer.call(CALL, "add", this.id, arg);
		}

		@Override
		public void submitBatch(List<String> args) throws Exception {
			List<Object> words = new ArrayList<>(args.size() + 1);
			words.add(this.id);
			words.addAll(args);
			this.producer.call(CALL, "bulk", words.toArray());
		}

		@Override
		public void submitDelayed(String arg, Duration delay) throws Exception {
			this.producer.call(CALL, "delay", this.id, delay.toMillis(), arg);
		}

		@Override
		public long submitConcurrently(int n, int callers) throws Exception {
			return nanos(this.producer.call(loop(n), "submit", this.id, n, callers));
		}

		@Override
		public long submitBatches(int n) throws Exception {
			return nanos(this.producer.call(loop(n), "batches", this.id, n, Producers.BATCH));
		}

		@Override
		public void submitPaced(int n, long periodNanos) throws Exception {
			this.producer.call(loop(n).plusNanos(n * periodNanos), "paced", this.id, n, periodNanos);
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) throws Exception {
			List<Object> words = new ArrayList<>(queues.size() + 2);
			words.add(this.id);
			words.add(concurrency);
			words.addAll(queues);
			this.worker.call(CALL, "work", words.toArray());
		}

		@Override
		public void close() throws Exception {
			this.worker.call(CALL, "close", this.id);
			this.producer.call(CALL, "close", this.id);
		}

		/** Time for a loop of n submits: as long as awaiting n task starts may take. */
		private static Duration loop(int n) {
			return Duration.ofMillis(Math.max(60_000, n * 2L));
		}

		private static long nanos(List<String> values) {
			return Long.parseLong(values.get(0));
		}

	}

}
