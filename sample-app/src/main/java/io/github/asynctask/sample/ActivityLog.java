package io.github.asynctask.sample;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * What the task bodies did, in the {@code activity} table, so that {@code GET /activity}
 * shows what ran (and on which thread).
 */
@Component
public class ActivityLog {

	private final JdbcClient jdbc;

	ActivityLog(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Record one line written by a task body. */
	public void record(String task, String message) {
		this.jdbc.sql("INSERT INTO activity (task, message, thread, recorded_at) VALUES (?, ?, ?, ?)")
			.params(task, message, Thread.currentThread().getName(), Timestamp.from(Instant.now()))
			.update();
	}

	/** The latest entries, newest first. */
	public List<Entry> latest(int limit) {
		return this.jdbc.sql("SELECT task, message, thread, recorded_at FROM activity ORDER BY id DESC LIMIT ?")
			.param(limit)
			.query(Entry.class)
			.list();
	}

	/** One line of the log. */
	public record Entry(String task, String message, String thread, Instant recordedAt) {

	}

}
