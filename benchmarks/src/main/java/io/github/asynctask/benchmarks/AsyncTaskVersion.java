package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The async-task version under test: the Maven version, plus the git commit when the
 * harness runs from a clone (a snapshot says little on its own).
 */
final class AsyncTaskVersion {

	private static String version;

	private AsyncTaskVersion() {
	}

	static synchronized String get() {
		if (version == null) {
			String maven = Versions.of("io.github.asynctask", "async-task-core");
			version = ("unknown".equals(maven) ? "0.1.0-SNAPSHOT" : maven) + commit();
		}
		return version;
	}

	private static String commit() {
		try {
			Process git = new ProcessBuilder("git", "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
			String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
			return (git.waitFor(5, TimeUnit.SECONDS) && git.exitValue() == 0) ? " (" + out + ")" : "";
		}
		catch (IOException ex) {
			return "";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "";
		}
	}

}
