package io.github.asynctask.autoconfigure.outbox;

import java.time.Duration;

import io.github.asynctask.outbox.InitializeSchema;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Crash-safe submits: the outbox table in the application's database
 * ({@code async-task.outbox.*}). Defaults are literals for the configuration metadata;
 * they are those of {@code OutboxTable.DEFAULT_NAME} and
 * {@code OutboxRelay.Settings.defaults()}.
 */
@ConfigurationProperties("async-task.outbox")
public class OutboxProperties {

	/**
	 * Write the submits of a transaction on the application's DataSource to the outbox
	 * table in that transaction. Needs async-task-outbox and a DataSource.
	 */
	private boolean enabled;

	/** The outbox table, optionally schema-qualified. */
	private String table = "async_task_outbox";

	/**
	 * When to create the table: embedded (H2, HSQLDB, Derby only), always (any database),
	 * never (a migration tool does; start-up is refused when it is missing).
	 */
	private InitializeSchema initializeSchema = InitializeSchema.EMBEDDED;

	/**
	 * How old a row must be before the relay moves it; younger rows are the after-commit
	 * path's.
	 */
	private Duration relayAfter = Duration.ofSeconds(5);

	/** Pause between relay rounds that found less than a batch. */
	private Duration relayInterval = Duration.ofSeconds(1);

	/** Rows per relay round (one database transaction, one pipelined Redis call). */
	private int relayBatchSize = 500;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getTable() {
		return this.table;
	}

	public void setTable(String table) {
		this.table = table;
	}

	public InitializeSchema getInitializeSchema() {
		return this.initializeSchema;
	}

	public void setInitializeSchema(InitializeSchema initializeSchema) {
		this.initializeSchema = initializeSchema;
	}

	public Duration getRelayAfter() {
		return this.relayAfter;
	}

	public void setRelayAfter(Duration relayAfter) {
		this.relayAfter = relayAfter;
	}

	public Duration getRelayInterval() {
		return this.relayInterval;
	}

	public void setRelayInterval(Duration relayInterval) {
		this.relayInterval = relayInterval;
	}

	public int getRelayBatchSize() {
		return this.relayBatchSize;
	}

	public void setRelayBatchSize(int relayBatchSize) {
		this.relayBatchSize = relayBatchSize;
	}

}
