package io.github.asynctask.test;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Kills every Redis process still tracked when the JVM exits, so a test run that forgets
 * to close one (or is interrupted) leaves no orphan server behind. One hook for all
 * processes.
 */
final class ProcessReaper {

	private static final Set<RedisProcess> live = ConcurrentHashMap.newKeySet();

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::reapAll, "asynctask-redis-reaper"));
	}

	private ProcessReaper() {
	}

	static void track(RedisProcess process) {
		live.add(process);
	}

	static void untrack(RedisProcess process) {
		live.remove(process);
	}

	private static void reapAll() {
		for (RedisProcess process : live) {
			try {
				process.close();
			}
			catch (RuntimeException ex) {
				// Best effort at JVM exit: carry on with the others.
			}
		}
	}

}
