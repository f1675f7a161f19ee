package io.github.asynctask.reliability;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code TICK} records of worker ledgers (a periodic or run-time schedule's task
 * starting for its tick), and the check that no tick's task was created or started before
 * its tick by Redis time, for the schedule scenarios under clock skew.
 */
final class TickRecords {

	private TickRecords() {
	}

	static List<Tick> of(List<WorkerJvm> workers) {
		List<Tick> ticks = new ArrayList<>();
		for (WorkerJvm worker : workers) {
			for (String[] record : LedgerChecker.records(worker, "TICK")) {
				ticks.add(new Tick(worker, Long.parseLong(record[1]), record[2], Long.parseLong(record[3])));
			}
		}
		return ticks;
	}

	/**
	 * The ticks whose task was created (by the data in Redis: keep completed tasks) or
	 * started (by the worker's clock less its skew) before the tick by Redis time.
	 */
	static List<String> early(Rig rig, List<Tick> ticks) {
		List<String> early = new ArrayList<>();
		for (Tick tick : ticks) {
			// a task not converted yet holds "meta\npayload" (docs/key-layout.md, task
			// data)
			long created = JsonMapper.shared()
				.readTree(rig.redis.cli("HGET", rig.keys.tasks(ReliabilityTasks.QUEUE), tick.id()).split("\n", 2)[0])
				.path("c")
				.asLong();
			long startedByRedisTime = tick.localMillis() - tick.worker().clockSkewMillis();
			if (created < tick.at() || startedByRedisTime < tick.at()) {
				early.add(tick + " created " + created + " started " + startedByRedisTime);
			}
		}
		return early;
	}

	/** A {@code TICK} record: the body of the tick {@code at} started at local time. */
	record Tick(WorkerJvm worker, long localMillis, String id, long at) {

		@Override
		public String toString() {
			return this.worker.name() + " tick " + this.at + " task " + this.id;
		}

	}

}
