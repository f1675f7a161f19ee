package io.github.asynctask.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

/**
 * A Node.js process running a contender script, driven over a line protocol (see
 * {@code benchmarks/bullmq/contender.js}): requests {@code <id> <command> <args...>} on
 * its stdin, answers {@code <id> ok [values...]} or {@code <id> error <message>} on its
 * stdout, in any order, and {@code h <startNanos> <arg>} for every task body that
 * started, which goes to {@link Probe#hitAt}.
 */
final class NodeProcess implements AutoCloseable {

	private final Process process;

	private final Writer requests;

	private final AtomicLong ids = new AtomicLong();

	private final Map<Long, CompletableFuture<List<String>>> waiting = new ConcurrentHashMap<>();

	private NodeProcess(Process process) {
		this.process = process;
		this.requests = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
		Thread reader = new Thread(this::readAnswers, "node-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/** Start {@code node <script>} in {@code directory}; its stderr goes to ours. */
	static NodeProcess start(Path directory, String script) throws IOException {
		Process process = new ProcessBuilder("node", script).directory(directory.toFile())
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		return new NodeProcess(process);
	}

	ProcessHandle handle() {
		return this.process.toHandle();
	}

	/**
	 * Send one request and wait for its answer's values.
	 * @throws IllegalStateException if the script answered with an error or exited
	 */
	List<String> call(Duration timeout, String command, Object... args) throws Exception {
		long id = this.ids.incrementAndGet();
		CompletableFuture<List<String>> answer = new CompletableFuture<>();
		this.waiting.put(id, answer);
		try {
			String line = request(id, command, args);
			synchronized (this.requests) {
				this.requests.write(line);
				this.requests.flush();
			}
			return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			throw new IllegalStateException("node gave no answer to '" + command + "' within " + timeout, ex);
		}
		finally {
			this.waiting.remove(id);
		}
	}

	/** The request line; arguments are single words. */
	static String request(long id, String command, Object... args) {
		StringBuilder line = new StringBuilder().append(id).append(' ').append(command);
		for (Object arg : args) {
			String word = String.valueOf(arg);
			if (word.isEmpty() || word.chars().anyMatch(Character::isWhitespace)) {
				throw new IllegalArgumentException("Not a single word: '" + word + "'");
			}
			line.append(' ').append(word);
		}
		return line.append('\n').toString();
	}

	/**
	 * One line from the script: a task start, or the answer to request {@code id} (values
	 * if ok, else the error).
	 */
	record Line(boolean hit, long id, List<String> values, @Nullable String error) {

		static Line parse(String line) {
			String[] words = line.split(" ", 3);
			if (words[0].equals("h")) {
				return new Line(true, Long.parseLong(words[1]), List.of(words[2]), null);
			}
			long id = Long.parseLong(words[0]);
			String rest = (words.length > 2) ? words[2] : "";
			if (words[1].equals("error")) {
				return new Line(false, id, List.of(), rest);
			}
			if (!words[1].equals("ok")) {
				throw new IllegalArgumentException("Neither ok nor error: " + line);
			}
			return new Line(false, id, rest.isEmpty() ? List.of() : List.of(rest.split(" ")), null);
		}

		/** Record a task start, or complete the request waiting for this answer. */
		void apply(Map<Long, CompletableFuture<List<String>>> waiting) {
			if (this.hit) {
				Probe.hitAt(this.id, this.values.get(0));
				return;
			}
			CompletableFuture<List<String>> answer = waiting.get(this.id);
			if (answer == null) {
				return; // its caller timed out
			}
			if (this.error != null) {
				answer.completeExceptionally(new IllegalStateException("node: " + this.error));
			}
			else {
				answer.complete(this.values);
			}
		}

	}

	private void readAnswers() {
		try (BufferedReader out = new BufferedReader(
				new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = out.readLine(); line != null; line = out.readLine()) {
				try {
					Line.parse(line).apply(this.waiting);
				}
				catch (RuntimeException ex) {
					System.err.println("node: unexpected output '" + line + "': " + ex);
				}
			}
		}
		catch (IOException ex) {
			// closed: the process is gone
		}
		IllegalStateException gone = new IllegalStateException("node exited" + exitStatus());
		this.waiting.values().forEach((answer) -> answer.completeExceptionally(gone));
	}

	private String exitStatus() {
		try {
			return this.process.waitFor(1, TimeUnit.SECONDS) ? " with status " + this.process.exitValue() : "";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "";
		}
	}

	/** End of input makes the script exit; destroyed if it has not within 5 s. */
	@Override
	public void close() throws InterruptedException {
		try {
			this.requests.close();
		}
		catch (IOException ex) {
			// already gone
		}
		if (!this.process.waitFor(5, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
		}
	}

}
