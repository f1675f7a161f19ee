package io.github.asynctask.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.github.asynctask.QueueStats;
import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.test.RedisProcess;
import tools.jackson.databind.json.JsonMapper;

import static org.awaitility.Awaitility.await;

/**
 * One scenario's world: a {@code redis-server}, worker JVMs, a producer, the faults
 * injected and the checkers; everything is stopped on close. Each scenario prints its
 * figures as one {@code RESULT {json}} line.
 */
final class Rig implements AutoCloseable {

	static final String PREFIX = "rel";

	final Path dir;

	final RedisProcess redis;

	final RedisKeys keys = new RedisKeys(PREFIX);

	final RedisBroker broker;

	final Producer producer;

	final InvariantChecker invariants;

	final List<WorkerJvm> workers = new ArrayList<>();

	final List<LedgerChecker.Fault> faults = new ArrayList<>();

	private final long startedAt = System.currentTimeMillis();

	Rig(String... redisArgs) {
		this(Map.of(), redisArgs);
	}

	/** A rig whose producer context gets these extra arguments (e.g. failFast=true). */
	Rig(Map<String, String> producerArgs, String... redisArgs) {
		try {
			this.dir = Files.createTempDirectory("asynctask-reliability-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.redis = RedisProcess.start(redisArgs);
		Map<String, String> args = new LinkedHashMap<>(producerArgs);
		args.put("redis", this.redis.host() + ":" + this.redis.port());
		args.put("prefix", PREFIX);
		this.producer = new Producer(args, this.dir.resolve("producer.ledger"));
		this.broker = this.producer.broker();
		this.invariants = new InvariantChecker(this.redis, this.keys, ReliabilityTasks.QUEUE);
	}

	/** Start {@code count} worker JVMs with the fast settings, in parallel. */
	List<WorkerJvm> startWorkers(int count, UnaryOperator<WorkerJvm.Options> customizer) {
		List<WorkerJvm> started = new ArrayList<>();
		List<Thread> threads = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String name = "worker-" + (this.workers.size() + i + 1);
			Thread thread = new Thread(() -> {
				WorkerJvm worker = WorkerJvm.start(name, this.dir, customizer.apply(options()));
				synchronized (started) {
					started.add(worker);
				}
			});
			threads.add(thread);
			thread.start();
		}
		for (Thread thread : threads) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
		this.workers.addAll(started);
		if (started.size() != count) {
			throw new IllegalStateException(
					"Only " + started.size() + " of " + count + " worker JVMs started; logs in " + this.dir);
		}
		return started;
	}

	List<WorkerJvm> startWorkers(int count) {
		return startWorkers(count, UnaryOperator.identity());
	}

	WorkerJvm.Options options() {
		return WorkerJvm.Options.fast(this.redis.host() + ":" + this.redis.port(), PREFIX);
	}

	/** kill -9 a worker, recording the fault. */
	void kill(WorkerJvm worker) {
		// guarded by itself: a Supervisor adds to it too
		synchronized (this.faults) {
			this.faults.add(new LedgerChecker.Fault(worker.name(), System.currentTimeMillis(), "kill"));
		}
		worker.kill();
	}

	/** SIGSTOP a worker, recording the fault. */
	void freeze(WorkerJvm worker) {
		this.faults.add(new LedgerChecker.Fault(worker.name(), System.currentTimeMillis(), "freeze"));
		worker.freeze();
	}

	QueueStats stats() {
		return this.broker.stats(ReliabilityTasks.QUEUE);
	}

	/** Wait until nothing is pending, scheduled, active or in retry. */
	void awaitDrained(Duration timeout) {
		// a stats read that times out on a loaded machine is asked again, not a failure
		await().atMost(timeout)
			.pollInterval(Duration.ofMillis(100))
			.ignoreException(RedisUnavailableException.class)
			.until(() -> {
				QueueStats stats = stats();
				return stats.pending() + stats.scheduled() + stats.active() + stats.retry() == 0;
			});
	}

	LedgerChecker.Verdict verdict() {
		return verdict(this.producer.expected());
	}

	/** The verdict on these expected ids (of more than one producer, say). */
	LedgerChecker.Verdict verdict(Map<String, LedgerChecker.Expect> expected) {
		synchronized (this.faults) {
			return LedgerChecker.check(this.workers, expected, List.copyOf(this.faults));
		}
	}

	/** Redis {@code TIME} in epoch ms. */
	long redisNow() {
		String[] time = this.redis.cli("TIME").split("\\s+");
		return Long.parseLong(time[0]) * 1000 + Long.parseLong(time[1]) / 1000;
	}

	/** Redis {@code INFO memory}'s {@code used_memory}, in bytes. */
	long usedMemory() {
		for (String line : this.redis.cli("INFO", "memory").split("\\R")) {
			if (line.startsWith("used_memory:")) {
				return Long.parseLong(line.substring("used_memory:".length()).trim());
			}
		}
		throw new IllegalStateException("No used_memory in INFO memory");
	}

	/**
	 * Print {@code RESULT {json}} with the scenario name, the verdict and more figures.
	 */
	void report(String scenario, LedgerChecker.Verdict verdict, Map<String, ?> more) {
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("scenario", scenario);
		result.putAll(verdict.figures());
		result.putAll(more);
		result.put("seconds", (System.currentTimeMillis() - this.startedAt) / 1000.0);
		System.out.println("RESULT " + JsonMapper.shared().writeValueAsString(result));
	}

	/** All worker logs, for greps. */
	String workerLogs() {
		StringBuilder logs = new StringBuilder();
		this.workers.forEach((worker) -> logs.append(worker.readLog()));
		return logs.toString();
	}

	@Override
	public void close() {
		this.workers.forEach((worker) -> {
			if (worker.isAlive()) {
				try {
					worker.thaw();
				}
				catch (RuntimeException ex) {
					// it exited meanwhile
				}
			}
			worker.close();
		});
		this.producer.close();
		this.redis.close();
	}

}
