package io.github.asynctask.sample;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * What the task bodies did, in the {@code activity} table, so that {@code GET /activity}
 * shows what ran, on which thread, and for which HTTP request (the request id the task
 * carried from the request's MDC, see {@link RequestIdFilter}).
 */
@Component
public class ActivityLog {

	private final JdbcClient jdbc;

	ActivityLog(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Record one line written by a task body. */
	public void record(String task, String message) {
		this.jdbc.sql("INSERT INTO activity (task, message, thread, request_id, recorded_at) VALUES (?, ?, ?, ?, ?)")
			.params(task, message, Thread.currentThread().getName(), MDC.get(RequestIdFilter.MDC_KEY),
					Timestamp.from(Instant.now()))
			.update();
	}

	/** The latest entries, newest first. */
	public List<Entry> latest(int limit) {
		return this.jdbc
			.sql("SELECT task, message, thread, request_id, recorded_at FROM activity ORDER BY id DESC LIMIT ?")
			.param(limit)
			.query(Entry.class)
			.list();
	}

	/** One line of the log. */
	public record Entry(String task, String message, String thread, @Nullable String requestId, Instant recordedAt) {

	}

}
