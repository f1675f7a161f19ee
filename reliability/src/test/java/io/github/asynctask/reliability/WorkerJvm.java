package io.github.asynctask.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.RandomAccessFile;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A worker instance in its own JVM ({@link WorkerMain}) with the test's class path, its
 * own ledger and log file; killed ({@code kill -9}), terminated (SIGTERM), frozen
 * (SIGSTOP) and thawed (SIGCONT) by the test. Restarting keeps the ledger and appends to
 * the log.
 */
final class WorkerJvm implements AutoCloseable {

	static final String READY = "WORKER-READY";

	static final String CLOCK = "WORKER-CLOCK";

	/**
	 * Generous: on a 2-core machine at load average 25 three worker JVMs of the cluster
	 * scenarios had not logged a line after a minute; only a failing start waits it out.
	 * {@link Options#readyWithin} sets another bound (the soak scales it with its run).
	 */
	static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private final String name;

	private final Path ledger;

	private final Path log;

	private final Options options;

	private Process process;

	private long clockSkewMillis;

	private volatile long lastStartMillis;

	private WorkerJvm(String name, Path dir, Options options) {
		this.name = name;
		this.ledger = dir.resolve(name + ".ledger");
		this.log = dir.resolve(name + ".log");
		this.options = options;
	}

	/** Start a worker and wait until its container runs. */
	static WorkerJvm start(String name, Path dir, Options options) {
		WorkerJvm worker = new WorkerJvm(name, dir, options);
		worker.start();
		return worker;
	}

	synchronized void start() {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto"));
		command.addAll(this.options.jvmArgs);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), this.options.mainClass.getName()));
		command.add("name=" + this.name);
		command.add("ledger=" + this.ledger);
		this.options.args.forEach((key, value) -> command.add(key + "=" + value));
		// the log is appended to on a restart: only what this start writes is read for
		// its
		// ready line (a restarted worker's log may hold megabytes of earlier runs)
		long logStart = logSize();
		long launched = System.currentTimeMillis();
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(Redirect.appendTo(this.log.toFile()));
		this.options.environment.forEach(builder.environment()::put);
		try {
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot start worker JVM " + this.name, ex);
		}
		String log;
		try {
			log = awaitLog(logStart, READY + " " + this.process.pid(), this.options.readyWithin);
		}
		catch (RuntimeException ex) {
			// not left running behind the failure
			this.process.destroyForcibly();
			throw ex;
		}
		long now = System.currentTimeMillis();
		this.lastStartMillis = now - launched;
		int at = log.lastIndexOf(CLOCK + " ");
		String millis = log.substring(at + CLOCK.length() + 1, log.indexOf('\n', at)).trim();
		this.clockSkewMillis = Long.parseLong(millis) - now;
	}

	String name() {
		return this.name;
	}

	/** How long the last start took, from launch to the ready line. */
	long lastStartMillis() {
		return this.lastStartMillis;
	}

	Path ledger() {
		return this.ledger;
	}

	Path log() {
		return this.log;
	}

	synchronized long pid() {
		return this.process.pid();
	}

	synchronized boolean isAlive() {
		return this.process.isAlive();
	}

	/** {@code kill -9}: no shutdown hook, no report, no unregister. */
	synchronized void kill() {
		this.process.destroyForcibly();
		awaitExit(Duration.ofSeconds(30));
	}

	/** SIGTERM: the shutdown hook stops the container gracefully. */
	synchronized void terminate() {
		this.process.destroy();
	}

	/** Wait for the process to end; true when it did. */
	boolean awaitExit(Duration timeout) {
		try {
			return this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** SIGSTOP: every thread stands still, as in a very long GC pause. */
	void freeze() {
		signal("-STOP");
	}

	/** SIGCONT. */
	void thaw() {
		signal("-CONT");
	}

	/**
	 * How far this JVM's wall clock is ahead of the test's (negative: behind), from the
	 * {@link #CLOCK} line it printed on start; accurate to the log poll (about 20 ms).
	 */
	long clockSkewMillis() {
		return this.clockSkewMillis;
	}

	String readLog() {
		try {
			return Files.exists(this.log) ? Files.readString(this.log) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void signal(String signal) {
		try {
			Process kill = new ProcessBuilder("kill", signal, String.valueOf(pid())).inheritIO().start();
			if (kill.waitFor() != 0) {
				throw new IllegalStateException("kill " + signal + " " + pid() + " failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private long logSize() {
		try {
			return Files.exists(this.log) ? Files.size(this.log) : 0;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * What the log holds from byte {@code from} on, once it contains {@code line}: read
	 * as it grows, never again from the start.
	 */
	private String awaitLog(long from, String line, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		StringBuilder written = new StringBuilder();
		try (RandomAccessFile file = new RandomAccessFile(this.log.toFile(), "r")) {
			long position = from;
			while (written.indexOf(line) < 0) {
				if (file.length() > position) {
					byte[] bytes = new byte[(int) Math.min(file.length() - position, 1 << 20)];
					file.seek(position);
					file.readFully(bytes);
					position += bytes.length;
					written.append(new String(bytes, StandardCharsets.UTF_8));
					continue;
				}
				if (!this.process.isAlive()) {
					throw new IllegalStateException("Worker JVM " + this.name + " exited with "
							+ this.process.exitValue() + " before it was ready; its log:\n" + written);
				}
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException(
							"Worker JVM " + this.name + " not ready within " + timeout + "; its log:\n" + written);
				}
				sleep(20);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return written.toString();
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public synchronized void close() {
		if (this.process != null && this.process.isAlive()) {
			this.process.destroyForcibly();
			awaitExit(Duration.ofSeconds(30));
		}
	}

	/**
	 * How to start a worker: {@link WorkerMain} arguments, JVM options and environment.
	 */
	static final class Options {

		final Map<String, String> args = new LinkedHashMap<>();

		final List<String> jvmArgs = new ArrayList<>();

		final Map<String, String> environment = new LinkedHashMap<>();

		/** {@link WorkerMain}, or another main that prints the same ready line. */
		Class<?> mainClass = WorkerMain.class;

		/** How long a start may take to print its ready line. */
		Duration readyWithin = START_TIMEOUT;

		/** Fast settings: lease 2 s, heartbeat 0.5 s. */
		static Options fast(String redisHostPort, String prefix) {
			Options options = new Options();
			options.args.put("redis", redisHostPort);
			options.args.put("prefix", prefix);
			options.args.put("concurrency", "4");
			options.args.put("lease", "2000");
			options.args.put("heartbeat", "500");
			options.args.put("poll", "200");
			options.args.put("shutdown", "3000");
			return options;
		}

		Options with(String key, String value) {
			this.args.put(key, value);
			return this;
		}

		Options readyWithin(Duration timeout) {
			this.readyWithin = timeout;
			return this;
		}

		Options main(Class<?> mainClass) {
			this.mainClass = mainClass;
			return this;
		}

		Options jvm(String arg) {
			this.jvmArgs.add(arg);
			return this;
		}

	}

}
