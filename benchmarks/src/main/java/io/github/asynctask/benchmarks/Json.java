package io.github.asynctask.benchmarks;

import java.util.Collection;
import java.util.Map;

/**
 * Writes the maps, lists, strings and numbers of a RESULT line as JSON; the harness has
 * no other JSON to write, so a library would be more than the job needs.
 */
final class Json {

	private Json() {
	}

	static String write(Object value) {
		StringBuilder out = new StringBuilder();
		append(out, value);
		return out.toString();
	}

	private static void append(StringBuilder out, Object value) {
		if (value instanceof Map<?, ?> map) {
			out.append('{');
			boolean first = true;
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				if (entry.getValue() == null) {
					continue;
				}
				out.append(first ? "" : ",");
				first = false;
				string(out, String.valueOf(entry.getKey()));
				out.append(':');
				append(out, entry.getValue());
			}
			out.append('}');
		}
		else if (value instanceof Collection<?> list) {
			out.append('[');
			boolean first = true;
			for (Object item : list) {
				out.append(first ? "" : ",");
				first = false;
				append(out, item);
			}
			out.append(']');
		}
		else if (value instanceof Double || value instanceof Float) {
			double number = ((Number) value).doubleValue();
			out.append(Double.isFinite(number) ? round(number) : "null");
		}
		else if (value instanceof Number || value instanceof Boolean) {
			out.append(value);
		}
		else {
			string(out, String.valueOf(value));
		}
	}

	private static String round(double number) {
		if (number == Math.rint(number) && Math.abs(number) < 1e15) {
			return Long.toString((long) number);
		}
		return String.valueOf(Math.round(number * 1000.0) / 1000.0);
	}

	private static void string(StringBuilder out, String text) {
		out.append('"');
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				default -> {
					if (c < 0x20) {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		out.append('"');
	}

}
