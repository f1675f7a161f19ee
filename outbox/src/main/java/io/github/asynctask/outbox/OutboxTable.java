package io.github.asynctask.outbox;

import java.util.Collections;
import java.util.regex.Pattern;

/**
 * The outbox table's name and the statements on it. The name is checked here, since it is
 * written into SQL: letters, digits and underscores, optionally with one schema prefix.
 */
public final class OutboxTable {

	/** The default table name, also the one in the shipped DDL files. */
	public static final String DEFAULT_NAME = "async_task_outbox";

	private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private final String name;

	/**
	 * A table by name.
	 * @param name the table name, optionally schema-qualified
	 * @throws IllegalArgumentException naming the property when the name is not a plain
	 * SQL identifier
	 */
	public OutboxTable(String name) {
		if (name == null || !NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("async-task.outbox.table must be a plain SQL table name "
					+ "(letters, digits, underscores, optionally schema.table) but was '" + name + "'");
		}
		this.name = name;
	}

	/** The table name as configured. */
	public String name() {
		return this.name;
	}

	/** The name without its schema, for index names. */
	String simpleName() {
		return this.name.substring(this.name.indexOf('.') + 1);
	}

	String insert() {
		return "INSERT INTO " + this.name + " (id, queue, payload, created_at, attempts) VALUES (?, ?, ?, ?, 0)";
	}

	/**
	 * Oldest rows created at or before a time, locked, skipping rows another relay holds.
	 */
	String selectForRelay() {
		return "SELECT id, queue, payload, attempts FROM " + this.name
				+ " WHERE created_at <= ? ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED";
	}

	String deleteIds(int count) {
		return "DELETE FROM " + this.name + " WHERE id IN (" + placeholders(count) + ")";
	}

	String recordError(int count) {
		return "UPDATE " + this.name + " SET attempts = attempts + 1, last_error = ? WHERE id IN ("
				+ placeholders(count) + ")";
	}

	String backlog() {
		return "SELECT COUNT(*), MIN(created_at) FROM " + this.name;
	}

	String probe() {
		return "SELECT id, queue, payload, created_at, attempts, last_error FROM " + this.name + " WHERE 1 = 0";
	}

	private static String placeholders(int count) {
		return String.join(", ", Collections.nCopies(count, "?"));
	}

	@Override
	public String toString() {
		return this.name;
	}

}
