package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Context switches of this JVM's live threads but the calling one (voluntary and
 * involuntary, from {@code /proc/self/task/<tid>/status}): how often a task's path parks
 * and wakes threads. Threads that ended between two readings drop out of the difference
 * (a scenario's own sender threads, once shut down), and the caller, which polls for the
 * last start, is left out; a system running in processes of its own adds theirs. Linux
 * only; elsewhere it reads 0.
 */
final class ContextSwitches {

	private ContextSwitches() {
	}

	static long now() {
		return ofThreads(Path.of("/proc/self/task")) - ofThread(Path.of("/proc/thread-self/status"));
	}

	/** {@link #now()} plus every thread of these processes (a system's own processes). */
	static long now(List<ProcessHandle> processes) {
		long total = now();
		for (ProcessHandle process : processes) {
			total += ofThreads(Path.of("/proc", Long.toString(process.pid()), "task"));
		}
		return total;
	}

	/**
	 * This JVM's switches so far by thread name (the kernel's copy of it, 15 characters;
	 * digits folded, so a pool's threads add up under one name).
	 */
	static Map<String, Long> byThreadName() {
		Map<String, Long> byName = new TreeMap<>();
		try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
			for (Path task : tasks) {
				String name = Files.readString(task.resolve("comm")).strip().replaceAll("[0-9]+", "N");
				byName.merge(name, ofThread(task.resolve("status")), Long::sum);
			}
		}
		catch (IOException | RuntimeException ex) {
			// not Linux, or a thread ended while we read: what was read stands
		}
		return byName;
	}

	/**
	 * One line: each thread name's switches per task between two {@link #byThreadName}.
	 */
	static String describe(Map<String, Long> start, Map<String, Long> end, int tasks) {
		StringBuilder line = new StringBuilder("SWITCHES per task over " + tasks + " tasks:");
		end.forEach((name, switches) -> {
			double perTask = (double) (switches - start.getOrDefault(name, 0L)) / tasks;
			if (perTask >= 0.005) {
				line.append(String.format(Locale.ROOT, " %s %.2f;", name, perTask));
			}
		});
		return line.toString();
	}

	private static long ofThreads(Path tasksDirectory) {
		long total = 0;
		try (DirectoryStream<Path> tasks = Files.newDirectoryStream(tasksDirectory)) {
			for (Path task : tasks) {
				total += ofThread(task.resolve("status"));
			}
		}
		catch (IOException ex) {
			return 0;
		}
		return total;
	}

	private static long ofThread(Path status) {
		long switches = 0;
		try {
			for (String line : Files.readAllLines(status)) {
				if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
					switches += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// the thread ended while we read
		}
		return switches;
	}

}
