package io.github.asynctask.worker;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.TaskProgress;
import io.github.asynctask.redis.DeliveryToken;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RunningReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The heartbeat's second call per queue shard: carries the latest progress each running
 * body reported since the last beat (so a body reporting in a tight loop costs one write
 * per interval) and learns which deliveries were cancelled, whose bodies it then marks
 * and interrupts. A failed call only delays both to the next beat (the progress taken is
 * offered back unless newer progress came meanwhile).
 */
final class RunningReports {

	private static final Logger logger = LoggerFactory.getLogger(RunningReports.class);

	private final RedisBroker broker;

	RunningReports(RedisBroker broker) {
		this.broker = broker;
	}

	void send(String shard, RunningTasks running, List<DeliveryToken> renewed) {
		if (renewed.isEmpty()) {
			return;
		}
		Map<DeliveryToken, RunningTask> tasks = running.byKey(renewed);
		List<RunningReport> reports = new ArrayList<>(tasks.size());
		Map<RunningTask, TaskProgress> taken = new IdentityHashMap<>();
		tasks.forEach((key, task) -> {
			TaskProgress progress = task.context().takeProgress();
			if (progress != null) {
				taken.put(task, progress);
				reports.add(new RunningReport(key, progress.percent(), progress.message()));
			}
			else {
				reports.add(RunningReport.of(key));
			}
		});
		Set<DeliveryToken> cancelled;
		try {
			cancelled = this.broker.reportRunning(shard, reports);
		}
		catch (RuntimeException ex) {
			taken.forEach((task, progress) -> task.context().offerBack(progress));
			logger.debug("Reporting the running tasks of queue '{}' failed; trying again at the next heartbeat", shard,
					ex);
			return;
		}
		for (DeliveryToken key : cancelled) {
			RunningTask task = tasks.get(key);
			if (task != null && !task.context().isCancelled()) {
				task.context().markCancelled();
				task.interruptBody();
				logger.info("Task '{}' (id {}) was cancelled while running; interrupted its body",
						task.delivery().name(), task.id());
			}
		}
	}

}
