package io.github.asynctask.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import io.github.asynctask.redis.script.LuaSources;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * Counts what clients send to Redis by script name ({@code EVALSHA} calls named after the
 * core's Lua file they run, e.g. {@code forward}, {@code recover}, {@code trim}) and by
 * command for the rest, from {@code MONITOR} on a connection of its own: tells which
 * agent causes the load that {@code INFO commandstats} only counts as {@code evalsha}.
 * Commands scripts run inside Redis are not counted; nor is the harness's own
 * {@code INFO} or {@code CONFIG}.
 */
final class ScriptTally implements AutoCloseable {

	private static final Map<String, String> NAMES = scriptNames();

	private final Socket socket;

	private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

	/** Calls by client address, then by script or command and the queue it names. */
	private final Map<String, Map<String, LongAdder>> byClient = new ConcurrentHashMap<>();

	private final Thread reader;

	ScriptTally(RedisTarget redis) {
		try {
			this.socket = new Socket(redis.host(), redis.port());
			OutputStream out = this.socket.getOutputStream();
			out.write("MONITOR\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			BufferedReader in = new BufferedReader(
					new InputStreamReader(this.socket.getInputStream(), StandardCharsets.UTF_8));
			String ok = in.readLine();
			if (!"+OK".equals(ok)) {
				throw new IllegalStateException("MONITOR answered " + ok);
			}
			this.reader = new Thread(() -> read(in), "bench-monitor");
			this.reader.setDaemon(true);
			this.reader.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot open MONITOR on " + redis.url(), ex);
		}
	}

	private void read(BufferedReader in) {
		try {
			for (String line = in.readLine(); line != null; line = in.readLine()) {
				String name = name(line);
				if (name != null) {
					this.counts.computeIfAbsent(name, (key) -> new LongAdder()).increment();
					this.byClient.computeIfAbsent(client(line), (key) -> new ConcurrentHashMap<>())
						.computeIfAbsent(name + " " + hashTag(line), (key) -> new LongAdder())
						.increment();
				}
			}
		}
		catch (IOException ex) {
			// closed
		}
	}

	/**
	 * What a MONITOR line counts as: the script's name for a script call, the command
	 * otherwise; null for a command a script ran, and for the harness's own.
	 */
	static String name(String line) {
		int client = line.indexOf('[');
		int end = line.indexOf(']', client);
		if (client < 0 || end < 0 || line.substring(client, end).endsWith(" lua")) {
			return null;
		}
		String[] words = line.substring(end + 1).strip().split(" ", 3);
		String command = unquote(words[0]).toLowerCase(Locale.ROOT);
		if (command.equals("info") || command.equals("config") || command.equals("monitor")) {
			return null;
		}
		if (command.equals("eval")) {
			// the script's text, not its SHA: a first call before SCRIPT LOAD
			return command;
		}
		if (command.equals("evalsha") && words.length > 1) {
			String sha = unquote(words[1]);
			return NAMES.getOrDefault(sha, command + ":" + sha.substring(0, Math.min(8, sha.length())));
		}
		return command;
	}

	/** The client address of a MONITOR line ({@code [db address]}). */
	static String client(String line) {
		int start = line.indexOf('[');
		int end = line.indexOf(']', start);
		String inside = line.substring(start + 1, end);
		return inside.substring(inside.indexOf(' ') + 1);
	}

	/**
	 * The first hash tag a MONITOR line names (a queue, or {@code instances}); - for
	 * none.
	 */
	static String hashTag(String line) {
		int start = line.indexOf('{', line.indexOf(']'));
		int end = line.indexOf('}', start);
		return (start < 0 || end < 0) ? "-" : line.substring(start + 1, end);
	}

	/**
	 * Calls since the start by client address, each by {@code "<script or command> <hash
	 * tag>"}.
	 */
	Map<String, Map<String, Long>> countsByClient() {
		Map<String, Map<String, Long>> copy = new TreeMap<>();
		this.byClient.forEach((client, counts) -> {
			Map<String, Long> each = new TreeMap<>();
			counts.forEach((name, count) -> each.put(name, count.sum()));
			copy.put(client, each);
		});
		return copy;
	}

	private static String unquote(String word) {
		return (word.length() >= 2 && word.startsWith("\"")) ? word.substring(1, word.length() - 1) : word;
	}

	/** Calls by name since the start. */
	Map<String, Long> counts() {
		Map<String, Long> copy = new TreeMap<>();
		this.counts.forEach((name, count) -> copy.put(name, count.sum()));
		return copy;
	}

	@Override
	public void close() {
		try {
			this.socket.close();
		}
		catch (IOException ex) {
			// nothing to do
		}
	}

	/**
	 * Each core script's SHA-1 (as the broker sends it, with the lib.lua helpers it
	 * calls) to its name.
	 */
	private static Map<String, String> scriptNames() {
		Map<String, String> names = new HashMap<>();
		try {
			for (Resource resource : new PathMatchingResourcePatternResolver()
				.getResources("classpath*:io/github/asynctask/redis/scripts/*.lua")) {
				String name = resource.getFilename().replace(".lua", "");
				if (!name.equals("lib")) {
					names.put(sha1(LuaSources.of(name)), name);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return names;
	}

	static String sha1(String source) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
