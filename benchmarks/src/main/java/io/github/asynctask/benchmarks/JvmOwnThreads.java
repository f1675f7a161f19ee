package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of the JVM's own native threads, which {@link ThreadBreakdown} cannot see: the
 * JIT compilers ({@code C1/C2 CompilerThread}) and the collector (G1's workers,
 * concurrent and refinement threads, and the VM thread that runs its pauses), read per
 * thread from {@code /proc/self/task/<tid>/schedstat} (nanoseconds on a CPU) and
 * {@code comm}. {@link Jit#compilationMillis()} is the compilations' elapsed time, which
 * on a loaded machine includes the time a compiler thread waited for a core; this is its
 * CPU. A thread that ended between two readings keeps what it had at the first (HotSpot
 * stops idle compiler threads), a new one counts whole. Linux only; elsewhere both read
 * 0.
 */
final class JvmOwnThreads {

	private static final Path TASKS = Path.of("/proc/self/task");

	/** Nanoseconds by thread id: compiler threads, collector threads. */
	private final Map<String, Long> compiler;

	private final Map<String, Long> collector;

	private JvmOwnThreads(Map<String, Long> compiler, Map<String, Long> collector) {
		this.compiler = compiler;
		this.collector = collector;
	}

	static JvmOwnThreads now() {
		Map<String, Long> compiler = new HashMap<>();
		Map<String, Long> collector = new HashMap<>();
		try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
			for (Path task : tasks) {
				read(task, compiler, collector);
			}
		}
		catch (IOException ex) {
			// not Linux: nothing to count
		}
		return new JvmOwnThreads(compiler, collector);
	}

	private static void read(Path task, Map<String, Long> compiler, Map<String, Long> collector) {
		try {
			String name = Files.readString(task.resolve("comm")).strip();
			Map<String, Long> group = name.contains("CompilerThre") ? compiler : isCollector(name) ? collector : null;
			if (group != null) {
				String schedstat = Files.readString(task.resolve("schedstat"));
				group.put(task.getFileName().toString(),
						Long.parseLong(schedstat.substring(0, schedstat.indexOf(' '))));
			}
		}
		catch (IOException | RuntimeException ex) {
			// the thread ended while we read
		}
	}

	private static boolean isCollector(String name) {
		return name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread");
	}

	/** The compiler threads' CPU nanoseconds since {@code start}. */
	long compilerNanosSince(JvmOwnThreads start) {
		return since(this.compiler, start.compiler);
	}

	/** The collector threads' CPU nanoseconds since {@code start}. */
	long collectorNanosSince(JvmOwnThreads start) {
		return since(this.collector, start.collector);
	}

	private static long since(Map<String, Long> now, Map<String, Long> start) {
		long total = 0;
		for (Map.Entry<String, Long> thread : now.entrySet()) {
			total += thread.getValue() - start.getOrDefault(thread.getKey(), 0L);
		}
		return total;
	}

}
