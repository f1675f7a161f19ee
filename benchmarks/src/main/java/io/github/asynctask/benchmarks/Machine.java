package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The machine a run measured, for every RESULT line: cores, CPU model, memory, JVM and
 * Redis versions.
 */
final class Machine {

	private Machine() {
	}

	static Map<String, Object> describe(RedisTarget redis) {
		Map<String, Object> machine = new LinkedHashMap<>();
		machine.put("cpus", Runtime.getRuntime().availableProcessors());
		machine.put("cpuModel", procLine("/proc/cpuinfo", "model name"));
		machine.put("memTotal", procLine("/proc/meminfo", "MemTotal"));
		machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
		machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
		machine.put("redis", redis.version());
		return machine;
	}

	private static String procLine(String file, String key) {
		try {
			for (String line : Files.readAllLines(Path.of(file))) {
				if (line.startsWith(key)) {
					return line.substring(line.indexOf(':') + 1).trim();
				}
			}
		}
		catch (IOException ex) {
			// Not Linux: say so below.
		}
		return "unknown";
	}

}
