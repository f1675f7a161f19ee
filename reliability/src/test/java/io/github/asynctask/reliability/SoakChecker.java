package io.github.asynctask.reliability;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * The soak's ledger, checked after the run: besides {@link LedgerChecker}'s lost and
 * duplicated ids, no dependent started before every task it waits for had succeeded; no
 * second of Redis hand-outs on the rate-limited queue held more than the limit plus its
 * slack; no two tasks of one tenant ran at once; every future completed with its value;
 * no periodic tick ran under two task ids. A run a fault caught in flight may run again
 * (and so overlap), as the guarantees allow.
 */
final class SoakChecker {

	/**
	 * Hand-outs a second may exceed the rate by (docs/priorities-and-flow-control.md).
	 */
	static final int RATE_SLACK = 2;

	/**
	 * A master kill may take back what its replica had not copied this long before it.
	 */
	static final long REPLICATION_WINDOW_MS = 2000;

	private final Collection<WorkerJvm> workers;

	private final SoakLoad.Expectations expect;

	/** Every ledger line, split, of every worker. */
	private final List<String[]> lines = new ArrayList<>();

	SoakChecker(Collection<WorkerJvm> workers, SoakLoad.Expectations expect) {
		this.workers = List.copyOf(workers);
		this.expect = expect;
		for (WorkerJvm worker : this.workers) {
			for (String kind : List.of("START", "END", "ACK", "FETCH", "TICK")) {
				LedgerChecker.records(worker, kind).forEach((fields) -> {
					String[] withWorker = new String[fields.length + 1];
					System.arraycopy(fields, 0, withWorker, 0, fields.length);
					withWorker[fields.length] = worker.name();
					this.lines.add(withWorker);
				});
			}
		}
	}

	/** Ids whose runs a master kill or connection fault may have caught. */
	Set<String> caughtByRedisFaults(List<SoakFaults.Done> faults) {
		Set<String> caught = new TreeSet<>();
		for (SoakFaults.Done fault : faults) {
			if (fault.kind() == SoakFaults.Kind.WORKER_KILL || fault.kind() == SoakFaults.Kind.RESHARD) {
				continue;
			}
			long from = fault.at() - ((fault.kind() == SoakFaults.Kind.MASTER_KILL) ? REPLICATION_WINDOW_MS : 0);
			for (Run run : runs().values().stream().flatMap(List::stream).toList()) {
				if (run.fetched <= fault.until() && run.end >= from) {
					caught.add(run.id);
				}
			}
		}
		return caught;
	}

	/** Dependents that started before a task they wait for had succeeded. */
	List<String> dependentsTooEarly() {
		Map<String, List<Run>> runs = runs();
		List<String> early = new ArrayList<>();
		this.expect.after.forEach((dependent, awaited) -> {
			long firstStart = runs.getOrDefault(dependent, List.of())
				.stream()
				.mapToLong((run) -> run.start)
				.min()
				.orElse(Long.MAX_VALUE);
			for (String id : awaited) {
				long firstSuccess = runs.getOrDefault(id, List.of())
					.stream()
					.filter((run) -> run.ok)
					.mapToLong((run) -> run.end)
					.min()
					.orElse(Long.MAX_VALUE);
				if (firstStart != Long.MAX_VALUE && firstStart < firstSuccess) {
					early.add(dependent + " started before " + id + " succeeded");
				}
			}
		});
		return early;
	}

	/**
	 * The most hand-outs of the rate-limited queue within any one second: {@code [0]} of
	 * the seconds clear of Redis faults, {@code [1]} of those within a second of one. A
	 * fetch whose settle call fails (a master killed, connections killed, Redis paused)
	 * keeps its permits at their take time, so that fetch's batch may leave the window
	 * early (docs/scaling-out.md): one batch of each worker, at most.
	 */
	int[] mostHandOutsInOneSecond(List<SoakFaults.Done> faults) {
		List<long[]> spans = faults.stream()
			.filter((fault) -> fault.kind() != SoakFaults.Kind.WORKER_KILL && fault.kind() != SoakFaults.Kind.RESHARD)
			.map((fault) -> new long[] { fault.at() - 1000, fault.until() + 1000 })
			.toList();
		List<Long> times = handOutTimes();
		int[] most = new int[2];
		int first = 0;
		for (int last = 0; last < times.size(); last++) {
			while (times.get(last) - times.get(first) >= 1000) {
				first++;
			}
			long from = times.get(first);
			long to = times.get(last);
			boolean nearFault = spans.stream().anyMatch((span) -> span[0] <= to && span[1] >= from);
			int index = nearFault ? 1 : 0;
			most[index] = Math.max(most[index], last - first + 1);
		}
		return most;
	}

	private List<Long> handOutTimes() {
		return this.lines.stream()
			.filter((f) -> f[0].equals("FETCH") && f[3].equals(SoakTasks.LIMITED_QUEUE))
			// Redis's hand-out time where the worker read it, else the worker's
			.map((f) -> (f.length > 5 && !f[4].equals("-1")) ? Long.parseLong(f[4]) : Long.parseLong(f[1]))
			.sorted()
			.toList();
	}

	/**
	 * Pairs of one tenant's tasks that ran at once, neither caught by a fault, both
	 * submitted under one shard count. A change of the count moves where a key's tasks
	 * go, and while tasks of one key sit in the old and the new shard the key has a
	 * counter in each (docs/scaling-out.md, "Changing the shard count"), so tasks
	 * submitted before the change may overlap those submitted after it.
	 */
	List<String> tenantOverlaps(Set<String> caught) {
		Map<String, List<Run>> byTenant = new HashMap<>();
		runs().forEach((id, idRuns) -> {
			String tenant = this.expect.tenants.get(id);
			if (tenant != null && !caught.contains(id)) {
				String counter = tenant + " (shard count #" + this.expect.generations.getOrDefault(id, 0) + ")";
				byTenant.computeIfAbsent(counter, (t) -> new ArrayList<>()).addAll(idRuns);
			}
		});
		List<String> overlaps = new ArrayList<>();
		byTenant.forEach((tenant, runs) -> {
			runs.sort((a, b) -> Long.compare(a.start, b.start));
			for (int i = 1; i < runs.size(); i++) {
				Run before = runs.get(i - 1);
				Run after = runs.get(i);
				if (!before.id.equals(after.id) && after.start < before.end) {
					overlaps.add(tenant + ": " + before.id + " and " + after.id);
				}
			}
		});
		return overlaps;
	}

	/** Futures not done, failed, or with another value. */
	List<String> futuresWrong() {
		List<String> wrong = new ArrayList<>();
		this.expect.futures.forEach((id, future) -> {
			if (!future.isDone()) {
				wrong.add(id + " not done");
			}
			else {
				try {
					String value = future.join();
					if (!value.equals(this.expect.values.get(id))) {
						wrong.add(id + " gave " + value);
					}
				}
				catch (RuntimeException ex) {
					wrong.add(id + " failed: " + ex);
				}
			}
		});
		return wrong;
	}

	/** Ticks that ran under more than one task id. */
	Map<String, Set<String>> ticksFiredTwice() {
		Map<String, Set<String>> ids = new LinkedHashMap<>();
		this.lines.stream()
			.filter((f) -> f[0].equals("TICK"))
			.forEach((f) -> ids.computeIfAbsent(f[3], (tick) -> new TreeSet<>()).add(f[2]));
		ids.values().removeIf((set) -> set.size() < 2);
		return ids;
	}

	/**
	 * Ids of the periodic task's runs: nobody submitted them, so the ledger checker may
	 * not count them as unexpected.
	 */
	Set<String> tickIds() {
		Set<String> ids = new TreeSet<>();
		this.lines.stream().filter((f) -> f[0].equals("TICK")).forEach((f) -> ids.add(f[2]));
		return ids;
	}

	int ticks() {
		return (int) this.lines.stream().filter((f) -> f[0].equals("TICK")).map((f) -> f[3]).distinct().count();
	}

	/**
	 * Of these ids nobody was told about, those that ran at most once to success: each
	 * can be a submit that failed with no reply (a Redis pause longer than the command
	 * timeout), whose script ran after all. Its id never reached the caller, so it is not
	 * expected, yet it is a task Redis accepted and must run once at most.
	 */
	Set<String> ranWithoutReceipt(Set<String> ids, Set<String> expected) {
		Map<String, List<Run>> runs = runs();
		Set<String> unreceipted = new TreeSet<>();
		for (String id : ids) {
			long successes = runs.getOrDefault(id, List.of()).stream().filter(Run::ok).count();
			if (!expected.contains(id) && successes <= 1) {
				unreceipted.add(id);
			}
		}
		return unreceipted;
	}

	/**
	 * Every run by id: from its delivery (the worker's last fetch of the id before the
	 * start) to END (or to the end of time when its JVM died first). A delivery is in
	 * flight from its hand-out: one handed out during a Redis pause whose body starts
	 * after it can lose its lease to the pause (seed 12: heartbeats refused for 3.4 s,
	 * then reconnecting, and 4 bodies ran again).
	 */
	private Map<String, List<Run>> runs() {
		Map<String, List<Long>> fetches = new HashMap<>();
		for (String[] f : this.lines) {
			if (f[0].equals("FETCH")) {
				fetches.computeIfAbsent(f[f.length - 1] + " " + f[2], (k) -> new ArrayList<>())
					.add(Long.parseLong(f[1]));
			}
		}
		Map<String, Run> byToken = new LinkedHashMap<>();
		for (String[] f : this.lines) {
			if (f[0].equals("START")) {
				long start = Long.parseLong(f[1]);
				long fetched = fetches.getOrDefault(f[f.length - 1] + " " + f[2], List.of())
					.stream()
					.mapToLong(Long::longValue)
					.filter((at) -> at <= start)
					.max()
					.orElse(start);
				byToken.put(f[f.length - 1] + " " + f[2] + " " + f[4],
						new Run(f[2], fetched, start, Long.MAX_VALUE, false));
			}
		}
		for (String[] f : this.lines) {
			if (f[0].equals("END")) {
				byToken.computeIfPresent(f[f.length - 1] + " " + f[2] + " " + f[3],
						(key, run) -> new Run(run.id, run.fetched, run.start, Long.parseLong(f[1]), f[4].equals("OK")));
			}
		}
		Map<String, List<Run>> byId = new HashMap<>();
		byToken.values().forEach((run) -> byId.computeIfAbsent(run.id, (id) -> new ArrayList<>()).add(run));
		return byId;
	}

	private record Run(String id, long fetched, long start, long end, boolean ok) {
	}

	static boolean allDone(Collection<CompletableFuture<String>> futures) {
		return futures.stream().allMatch(CompletableFuture::isDone);
	}

}
