package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints one {@code RESULT {json}} line per scenario and system (also appended to a
 * JSON-lines file), and a table of medians at the end.
 */
final class Report {

	private final PrintStream out;

	private final Path file;

	private final Map<String, Object> environment;

	private final List<Map<String, Object>> rows = new ArrayList<>();

	Report(PrintStream out, Path file, Map<String, Object> environment) {
		this.out = out;
		this.file = file;
		this.environment = environment;
	}

	void result(SystemUnderTest system, String scenario, Map<String, Object> params, Map<String, List<Double>> runs) {
		Map<String, Object> figures = new LinkedHashMap<>();
		runs.forEach((name, values) -> figures.put(name, Stats.summary(values)));
		emit(row(system, scenario, params, "ok", figures, null));
	}

	void notApplicable(SystemUnderTest system, String scenario, Map<String, Object> params, String reason) {
		emit(row(system, scenario, params, "n/a", Map.of(), reason));
	}

	void failure(SystemUnderTest system, String scenario, Map<String, Object> params, Throwable error) {
		emit(row(system, scenario, params, "failed", Map.of(), describe(error)));
	}

	/** A system that could not be set up at all, with the exact error. */
	void cannotStart(String system, Map<String, String> versions, String error) {
		Map<String, Object> row = new LinkedHashMap<>();
		row.put("system", system);
		row.put("scenario", "*");
		row.put("status", "failed-to-start");
		row.put("error", error);
		row.put("versions", versions);
		emit(row);
	}

	private Map<String, Object> row(SystemUnderTest system, String scenario, Map<String, Object> params, String status,
			Map<String, Object> figures, String note) {
		Map<String, Object> row = new LinkedHashMap<>();
		row.put("system", system.name());
		row.put("scenario", scenario);
		row.put("status", status);
		row.put("params", params);
		row.put("figures", figures);
		row.put("note", note);
		row.put("setup", system.setup());
		row.put("versions", system.versions());
		row.put("env", this.environment);
		return row;
	}

	private synchronized void emit(Map<String, Object> row) {
		this.rows.add(row);
		String line = Json.write(row);
		this.out.println("RESULT " + line);
		this.out.flush();
		try {
			Files.createDirectories(this.file.toAbsolutePath().getParent());
			Files.writeString(this.file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
					StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + this.file, ex);
		}
	}

	/** A markdown table of medians (and spreads) by scenario and system. */
	synchronized String table() {
		StringBuilder table = new StringBuilder("| scenario | system | figure | median | min–max | spread |\n");
		table.append("|---|---|---|---|---|---|\n");
		for (Map<String, Object> row : this.rows) {
			String head = "| " + row.get("scenario") + " | " + row.get("system") + " | ";
			Object figures = row.get("figures");
			if (!"ok".equals(row.get("status")) || !(figures instanceof Map<?, ?> map) || map.isEmpty()) {
				String note = String.valueOf(row.getOrDefault("note", row.get("error")));
				table.append(head).append(row.get("status")).append(" | ").append(shorten(note)).append(" | | |\n");
				continue;
			}
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				Map<?, ?> summary = (Map<?, ?>) entry.getValue();
				table.append(head)
					.append(entry.getKey())
					.append(" | ")
					.append(format((Double) summary.get("median")))
					.append(" | ")
					.append(format((Double) summary.get("min")))
					.append("–")
					.append(format((Double) summary.get("max")))
					.append(" | ")
					.append(Math.round((Double) summary.get("spreadPct")))
					.append("% |\n");
			}
		}
		return table.toString();
	}

	static String format(double value) {
		if (Math.abs(value) >= 100) {
			return String.format("%,.0f", value);
		}
		return String.format("%.2f", value);
	}

	private static String shorten(String text) {
		String line = text.replace('\n', ' ').replace('|', '/');
		return (line.length() > 160) ? line.substring(0, 157) + "..." : line;
	}

	static String describe(Throwable error) {
		StringBuilder text = new StringBuilder();
		for (Throwable t = error; t != null; t = (t.getCause() == t) ? null : t.getCause()) {
			text.append((text.length() > 0) ? " <- caused by " : "")
				.append(t.getClass().getName())
				.append(": ")
				.append(t.getMessage());
		}
		return text.toString();
	}

}
