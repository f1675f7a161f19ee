package io.github.asynctask.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads every worker ledger and classifies each submitted task id: ok (its body succeeded
 * once and at most one completion was accepted), lost, duplicated (the body succeeded
 * more than once), overlapping (two runs at the same time) or unexpected (records that
 * must never exist, such as two accepted completions or runs of ids nobody submitted).
 * Duplicates and overlaps are allowed only for ids a fault caught in flight.
 */
final class LedgerChecker {

	/** What a submitted task must end as. */
	enum Expect {

		/** The body succeeds once. */
		SUCCESS,

		/** The task ends in dead; a body success is unexpected. */
		DEAD

	}

	/**
	 * A kill or freeze of a worker at a moment (epoch ms), or an outage of Redis from
	 * {@code at} to {@code until}: a delivery fetched before Redis died may start its
	 * body during the outage and cannot be acknowledged before Redis is back, so it is
	 * caught as much as one that started before the kill.
	 */
	record Fault(String worker, long at, String kind, long until) {

		Fault(String worker, long at, String kind) {
			this(worker, at, kind, at);
		}

	}

	/** One delivery's run on one worker. */
	private record Run(String worker, String id, long token, long start, Long end, String result, Long acked) {
	}

	/**
	 * Records only their scenarios read: a halt (HaltAfterFlowMark,
	 * HaltInBatchBookkeeping), a rate-limited hand-out, a batch callback's start, the
	 * argument a versioned body read.
	 */
	private static final Set<String> SCENARIO_RECORDS = Set.of("HALT", "FETCH", "CALLBACK", "ARG");

	private LedgerChecker() {
	}

	static Verdict check(Collection<WorkerJvm> workers, Map<String, Expect> expected, List<Fault> faults) {
		List<Run> runs = new ArrayList<>();
		Map<String, Integer> accepted = new HashMap<>();
		Set<String> unexpected = new TreeSet<>();
		for (WorkerJvm worker : workers) {
			runs.addAll(read(worker.name(), worker.ledger(), accepted, unexpected));
		}
		Map<String, List<Run>> byId = new LinkedHashMap<>();
		runs.forEach((run) -> byId.computeIfAbsent(run.id(), (id) -> new ArrayList<>()).add(run));
		Set<String> inFlightAtFault = new TreeSet<>();
		List<Long> recoveryMillis = new ArrayList<>();
		for (Fault fault : faults) {
			long recovery = 0;
			// runs of an earlier incarnation of the worker ended at its earlier kill
			long incarnation = faults.stream()
				.filter((other) -> other.worker().equals(fault.worker()) && other.kind().equals("kill")
						&& other.at() < fault.at())
				.mapToLong(Fault::at)
				.max()
				.orElse(Long.MIN_VALUE);
			for (Run caught : runs) {
				if (caught.worker().equals(fault.worker()) && caught.start() > incarnation
						&& caught.start() <= fault.until() && (caught.acked() == null || caught.acked() > fault.at())) {
					inFlightAtFault.add(caught.id());
					// how long until another delivery of the caught id started (another
					// token: tokens are random, not counted up, so only inequality tells)
					long rerun = byId.get(caught.id())
						.stream()
						.filter((run) -> run.start() > fault.at() && run.token() != caught.token())
						.mapToLong(Run::start)
						.min()
						.orElse(-1);
					if (rerun >= 0) {
						recovery = Math.max(recovery, rerun - fault.at());
					}
					else if (caught.acked() == null && !"OK".equals(caught.result())) {
						// orphaned and never run again. A body that ended OK and was
						// never
						// delivered again had its ack applied; kill -9 only took the ACK
						// line.
						recovery = Long.MAX_VALUE;
					}
				}
			}
			recoveryMillis.add(recovery);
		}
		Set<String> lost = new TreeSet<>();
		Set<String> duplicated = new TreeSet<>();
		Set<String> overlapping = new TreeSet<>();
		int ok = 0;
		byId.keySet().stream().filter((id) -> !expected.containsKey(id)).forEach(unexpected::add);
		accepted.forEach((id, count) -> {
			if (count > 1) {
				unexpected.add(id);
			}
		});
		for (Map.Entry<String, Expect> entry : expected.entrySet()) {
			String id = entry.getKey();
			List<Run> idRuns = byId.getOrDefault(id, List.of());
			long successes = idRuns.stream().filter((run) -> "OK".equals(run.result())).count();
			if (entry.getValue() == Expect.DEAD) {
				if (successes > 0) {
					unexpected.add(id);
				}
				else {
					ok++;
				}
				continue;
			}
			boolean overlaps = overlaps(idRuns, faults);
			if (successes == 0) {
				lost.add(id);
			}
			else if (successes > 1) {
				duplicated.add(id);
			}
			if (overlaps) {
				overlapping.add(id);
			}
			if (successes == 1 && !overlaps && !unexpected.contains(id)) {
				ok++;
			}
		}
		return new Verdict(expected.size(), ok, lost, duplicated, overlapping, unexpected, inFlightAtFault, runs.size(),
				recoveryMillis);
	}

	/** Two runs of one id overlap when one starts before the other ended (or died). */
	private static boolean overlaps(List<Run> runs, List<Fault> faults) {
		for (int i = 0; i < runs.size(); i++) {
			for (int j = i + 1; j < runs.size(); j++) {
				Run a = runs.get(i);
				Run b = runs.get(j);
				if (a.start() < end(b, faults) && b.start() < end(a, faults)) {
					return true;
				}
			}
		}
		return false;
	}

	/** A run without END ended when its JVM was killed after it started, else never. */
	private static long end(Run run, List<Fault> faults) {
		if (run.end() != null) {
			return run.end();
		}
		return faults.stream()
			.filter((fault) -> fault.worker().equals(run.worker()) && fault.kind().equals("kill")
					&& fault.at() >= run.start())
			.mapToLong(Fault::at)
			.min()
			.orElse(Long.MAX_VALUE);
	}

	/** The records of one kind in a worker's ledger, split into fields. */
	static List<String[]> records(WorkerJvm worker, String kind) {
		return lines(worker.ledger()).stream()
			.map((line) -> line.split(" "))
			.filter((fields) -> fields[0].equals(kind))
			.toList();
	}

	private static List<String> lines(Path ledger) {
		try {
			return Files.exists(ledger) ? Files.readAllLines(ledger) : List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static List<Run> read(String worker, Path ledger, Map<String, Integer> accepted, Set<String> unexpected) {
		List<String> lines = lines(ledger);
		Map<String, Run> runs = new LinkedHashMap<>();
		for (String line : lines) {
			String[] f = line.split(" ");
			if (SCENARIO_RECORDS.contains(f[0])) {
				// read by their scenarios
				continue;
			}
			long at = Long.parseLong(f[1]);
			String key = f[2] + " " + ((f[0].equals("START")) ? f[4] : f[3]);
			switch (f[0]) {
				case "START" -> runs.put(key, new Run(worker, f[2], Long.parseLong(f[4]), at, null, null, null));
				case "END" -> runs.computeIfPresent(key,
						(k, run) -> new Run(worker, run.id(), run.token(), run.start(), at, f[4], run.acked()));
				case "ACK" -> {
					if (f[4].equals("complete") && f[5].equals("APPLIED")) {
						accepted.merge(f[2], 1, Integer::sum);
					}
					if (runs.containsKey(key)) {
						runs.computeIfPresent(key, (k, run) -> new Run(worker, run.id(), run.token(), run.start(),
								run.end(), run.result(), at));
					}
					else if (f[4].equals("complete")) {
						// a success reported for a body this JVM never started
						unexpected.add(f[2]);
					}
				}
				case "TICK" -> {
					// a periodic task's tick, read by its scenario
				}
				default -> throw new IllegalStateException("Unknown ledger line in " + ledger + ": " + line);
			}
		}
		return List.copyOf(runs.values());
	}

	/**
	 * The classification of one scenario.
	 *
	 * @param tasks ids submitted
	 * @param ok ids that ended as expected
	 * @param lost ids expected to succeed whose body never succeeded
	 * @param duplicated ids whose body succeeded more than once
	 * @param overlapping ids run twice at the same time
	 * @param unexpected ids with records that must never exist
	 * @param inFlightAtFault ids a fault caught between body start and ack
	 * @param runs body runs recorded
	 * @param recoveryMillis per fault, the longest wait from the fault until a new
	 * delivery of an orphaned id started ({@code Long.MAX_VALUE - fault time} if one
	 * never did)
	 */
	record Verdict(int tasks, int ok, Set<String> lost, Set<String> duplicated, Set<String> overlapping,
			Set<String> unexpected, Set<String> inFlightAtFault, int runs, List<Long> recoveryMillis) {

		/** The longest recovery over all faults, in ms. */
		long maxRecoveryMillis() {
			return this.recoveryMillis.stream().mapToLong(Long::longValue).max().orElse(0);
		}

		/** Duplicates and overlaps only among ids a fault caught in flight. */
		boolean duplicatesAllowed() {
			return this.inFlightAtFault.containsAll(this.duplicated)
					&& this.inFlightAtFault.containsAll(this.overlapping);
		}

		Map<String, Object> figures() {
			Map<String, Object> figures = new LinkedHashMap<>();
			figures.put("tasks", this.tasks);
			figures.put("ok", this.ok);
			figures.put("lost", this.lost.size());
			figures.put("duplicated", this.duplicated.size());
			figures.put("overlapping", this.overlapping.size());
			figures.put("duplicatesAllowed", duplicatesAllowed());
			if (!duplicatesAllowed()) {
				// the ids to look up in the worker ledgers
				Set<String> unexplained = new TreeSet<>(this.duplicated);
				unexplained.addAll(this.overlapping);
				unexplained.removeAll(this.inFlightAtFault);
				figures.put("unexplainedDuplicates", unexplained);
			}
			figures.put("unexpected", this.unexpected.size());
			figures.put("inFlightAtFaults", this.inFlightAtFault.size());
			figures.put("bodyRuns", this.runs);
			// -1: an id a fault caught never ran again (it went to dead)
			figures.put("recoveryMs",
					this.recoveryMillis.stream().map((ms) -> (ms == Long.MAX_VALUE) ? -1 : ms).toList());
			return figures;
		}

	}

}
