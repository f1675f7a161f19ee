package io.github.asynctask.reliability;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;

/**
 * The soak's worker JVMs and its producers, with the shard count they were started with:
 * a worker killed -9 comes back with the same name and ledger; a shard-count change
 * replaces each worker by one with the new count (a rolling deploy) and the producer by
 * one that submits with it, then re-sends earlier bizIds, which must all be duplicates.
 */
final class SoakWorkers implements AutoCloseable {

	/** How many worker JVMs run at once. */
	static final int COUNT = 2;

	/** Threads of each worker per queue: the most one fetch hands out. */
	static final int BATCH = 4;

	private final Path dir;

	private final Map<String, String> args;

	/**
	 * Every worker JVM ever started, for the ledgers; the live ones are {@link #live}.
	 */
	final List<WorkerJvm> all = Collections.synchronizedList(new ArrayList<>());

	private final List<WorkerJvm> live = new ArrayList<>();

	/** Worker faults as the ledger checker reads them. */
	final List<LedgerChecker.Fault> faults = Collections.synchronizedList(new ArrayList<>());

	/**
	 * Re-sent bizIds the submit did not answer {@code DUPLICATE} to, after the change.
	 */
	final List<String> resentAccepted = Collections.synchronizedList(new ArrayList<>());

	private int shards;

	private int generation;

	private CompletableFuture<Void> restarting = CompletableFuture.completedFuture(null);

	/** How long a worker JVM's start may take to print its ready line. */
	private final Duration readyWithin;

	SoakWorkers(Path dir, Map<String, String> args, int shards, Duration readyWithin) {
		this.dir = dir;
		this.args = args;
		this.shards = shards;
		this.readyWithin = readyWithin;
	}

	/**
	 * Start {@code count} workers at once (a JVM's start is slow on a loaded machine).
	 */
	void start(int count) {
		this.live.addAll(inParallel(count, (i) -> start("worker-" + (i + 1))));
	}

	int size() {
		return this.live.size();
	}

	int shards() {
		return this.shards;
	}

	/** The producer's arguments for the current shard count. */
	Map<String, String> producerArgs() {
		Map<String, String> producer = new LinkedHashMap<>(this.args);
		producer.put("soakShards", String.valueOf(this.shards));
		return producer;
	}

	/**
	 * Kill -9 a worker and restart it in the background, as a supervisor would: the
	 * schedule goes on meanwhile (a start took 40-90 s on a loaded machine); the next
	 * kill, the shard change and the end of the run wait for it.
	 */
	String killAndRestart(int index) {
		awaitRestarts();
		WorkerJvm worker = this.live.get(index);
		long at = System.currentTimeMillis();
		this.faults.add(new LedgerChecker.Fault(worker.name(), at, "kill"));
		worker.kill();
		this.restarting = CompletableFuture.runAsync(() -> {
			SoakFaults.sleep(1000);
			worker.start();
			System.out.println("SOAK " + worker.name() + " restarted in " + worker.lastStartMillis() + " ms");
		}, (task) -> new Thread(task, "soak-restart").start());
		return worker.name() + " killed -9, restarting";
	}

	/** Until the worker restarting after a kill is ready (or its start failed). */
	void awaitRestarts() {
		this.restarting.join();
	}

	/**
	 * Doubles the shard count as a rolling deploy with a surge: a replacement of each
	 * worker started (all at once), then each old one stopped (SIGTERM), then the
	 * producer replaced; then 50 earlier bizIds are submitted again. Starting the
	 * replacements together halves the change on a loaded machine, where one JVM's start
	 * took 40-90 s.
	 */
	String reshard(SoakLoad load) {
		awaitRestarts();
		int from = this.shards;
		this.shards = from * 2;
		this.generation++;
		List<WorkerJvm> replacements = inParallel(this.live.size(),
				(i) -> start("worker-" + (i + 1) + "-g" + this.generation));
		for (int i = 0; i < this.live.size(); i++) {
			WorkerJvm old = this.live.get(i);
			this.faults.add(new LedgerChecker.Fault(old.name(), System.currentTimeMillis(), "stop"));
			old.terminate();
		}
		for (WorkerJvm old : this.live) {
			old.awaitExit(Duration.ofSeconds(30));
		}
		for (int i = 0; i < replacements.size(); i++) {
			this.live.set(i, replacements.get(i));
		}
		load.switchTo(new Producer(producerArgs(), this.dir.resolve("producer-g" + this.generation + ".ledger")));
		this.resentAccepted.addAll(load.resendOldWork(50));
		return "shards " + from + " -> " + this.shards + " on every worker and the producer";
	}

	/** {@code count} workers made at once, in index order; fails if any start fails. */
	private static List<WorkerJvm> inParallel(int count, IntFunction<WorkerJvm> starter) {
		List<CompletableFuture<WorkerJvm>> starts = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			int index = i;
			starts.add(CompletableFuture.supplyAsync(() -> starter.apply(index), (task) -> new Thread(task).start()));
		}
		return starts.stream().map(CompletableFuture::join).toList();
	}

	private WorkerJvm start(String name) {
		WorkerJvm.Options options = WorkerJvm.Options.fast("unused:0", Rig.PREFIX).readyWithin(this.readyWithin);
		this.args.forEach(options::with);
		options.with("soakShards", String.valueOf(this.shards))
			.with("concurrency", String.valueOf(BATCH))
			// a lease longer than a Redis pause, so a pause alone expires none
			.with("lease", "5000")
			.with("heartbeat", "1000");
		WorkerJvm worker = WorkerJvm.start(name, this.dir, options);
		this.all.add(worker);
		System.out.println("SOAK " + name + " ready in " + worker.lastStartMillis() + " ms");
		return worker;
	}

	/**
	 * Stop every live worker gracefully and wait for it, so that no periodic tick runs
	 * while the ledgers are read (the checkers read them more than once).
	 */
	void stopAll() {
		awaitRestarts();
		for (WorkerJvm worker : this.live) {
			worker.terminate();
		}
		for (WorkerJvm worker : this.live) {
			worker.awaitExit(Duration.ofSeconds(30));
		}
	}

	@Override
	public void close() {
		this.all.forEach(WorkerJvm::close);
	}

}
