package io.github.asynctask.worker;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import tools.jackson.databind.json.JsonMapper;

/**
 * What this instance tells the dashboard in its heartbeat: host, pid, start time, the
 * time of this heartbeat ({@code heartbeatAt}), and per queue the busy and total threads
 * and the ids of the tasks running now (the first {@value #MAX_RUNNING_LISTED}).
 */
final class InstanceInfo {

	/**
	 * Most running task ids told per queue, so the info stays small at any concurrency.
	 */
	static final int MAX_RUNNING_LISTED = 50;

	private final String host = hostName();

	private final long pid = ProcessHandle.current().pid();

	private final Instant startedAt = Instant.now();

	private final List<QueueWorker> workers;

	/** The async-task version from the jar manifest ("dev" when run from classes). */
	private static final String VERSION = version();

	InstanceInfo(List<QueueWorker> workers) {
		this.workers = List.copyOf(workers);
	}

	/** A unique id: readable host and pid, plus a random part for several per JVM. */
	static String newInstanceId() {
		return hostName() + ":" + ProcessHandle.current().pid() + ":" + UUID.randomUUID().toString().substring(0, 8);
	}

	String toJson() {
		Map<String, Object> queues = new LinkedHashMap<>();
		int busy = 0;
		int total = 0;
		for (QueueWorker worker : this.workers) {
			int queueBusy = worker.permits().busy();
			queues.put(worker.name(), worker.describe(queueBusy, MAX_RUNNING_LISTED));
			busy += queueBusy;
			total += worker.permits().total();
		}
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("host", this.host);
		info.put("pid", this.pid);
		info.put("startedAt", this.startedAt.toString());
		// written at each heartbeat: the endpoint and console show it as lastHeartbeat
		info.put("heartbeatAt", Instant.now().toString());
		info.put("version", VERSION);
		info.put("busy", busy);
		info.put("threads", total);
		info.put("queues", queues);
		return JsonMapper.shared().writeValueAsString(info);
	}

	private static String version() {
		String version = InstanceInfo.class.getPackage().getImplementationVersion();
		return (version != null) ? version : "dev";
	}

	private static String hostName() {
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			return "unknown-host";
		}
	}

}
