package io.github.asynctask.autoconfigure.console;

import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import org.jspecify.annotations.Nullable;

/**
 * The documents of the console's browsing, search, task page, history and instances
 * (shared with the actuator endpoint). Times are ISO-8601 strings.
 */
public final class BrowseViews {

	private BrowseViews() {
	}

	/**
	 * One page of a state of a queue.
	 *
	 * @param queue the queue
	 * @param state the state, lower case
	 * @param order {@code newest} or {@code oldest}
	 * @param offset index of the first task (after clamping)
	 * @param count page size asked for (after clamping)
	 * @param total tasks in the state now
	 * @param tasks the page
	 */
	public record ListPage(String queue, String state, String order, long offset, int count, long total,
			List<TaskRow> tasks) {

	}

	/**
	 * One task in a list; {@code unreadable} rows carry only the id and the raw size.
	 *
	 * @param id the task id
	 * @param name the task name ({@code ""} when unreadable)
	 * @param state the state, lower case
	 * @param attempts deliveries so far
	 * @param maxRetries retries allowed
	 * @param lastError the last error
	 * @param createdAt when submitted
	 * @param updatedAt when the state last changed
	 * @param at the time the state's order goes by (due, next attempt, lease end, died,
	 * expires), null for pending
	 * @param argumentsPreview the first bytes of the payload, as text
	 * @param unreadable whether the stored data could not be read
	 * @param rawSize bytes of meta and payload stored
	 */
	public record TaskRow(String id, String name, String state, int attempts, int maxRetries,
			@Nullable String lastError, @Nullable String createdAt, @Nullable String updatedAt, @Nullable String at,
			@Nullable String argumentsPreview, boolean unreadable, long rawSize) {

	}

	/**
	 * Everything known of one task.
	 *
	 * @param id the task id
	 * @param queue the queue
	 * @param name the task name
	 * @param state the state, lower case
	 * @param attempts deliveries so far
	 * @param maxRetries retries allowed after the first attempt
	 * @param lastError the last error
	 * @param createdAt when submitted
	 * @param updatedAt when the state last changed
	 * @param scheduledAt when a scheduled task is due
	 * @param retryAt when a retrying task runs again
	 * @param leaseUntil when the running attempt's lease ends
	 * @param diedAt when it died
	 * @param expiresAt when a completed task is dropped
	 * @param runningOn the instances that say they run it now
	 * @param arguments the arguments, pretty JSON text ({@code null} when hidden or none)
	 * @param argumentsHidden whether {@code async-task.console.show-arguments=false} hid
	 * them
	 * @param headers the call's headers (trace context and the like)
	 * @param history the last failed attempts, oldest first
	 * @param unreadable whether the stored data could not be read
	 * @param rawSize bytes of meta and payload stored
	 * @param raw the first bytes of the stored meta when unreadable
	 * @param bizId the bizId it was submitted with ({@code null} when none, or when
	 * longer than 64 characters: only its hash is kept then)
	 * @param cancelRequested why it was cancelled while it ran (its body stops at the
	 * next heartbeat), null when it was not
	 */
	public record TaskDetail(String id, String queue, String name, String state, int attempts, int maxRetries,
			@Nullable String lastError, @Nullable String createdAt, @Nullable String updatedAt,
			@Nullable String scheduledAt, @Nullable String retryAt, @Nullable String leaseUntil,
			@Nullable String diedAt, @Nullable String expiresAt, List<String> runningOn, @Nullable String arguments,
			boolean argumentsHidden, @Nullable JsonNode headers, List<AttemptView> history, boolean unreadable,
			long rawSize, @Nullable String raw, @Nullable String bizId, @Nullable String progress,
			@Nullable String cancelRequested) {

	}

	/**
	 * One failed attempt.
	 *
	 * @param start when it started
	 * @param end when it ended
	 * @param instance the instance that ran it
	 * @param error the exception class
	 * @param message its message
	 * @param stack the first lines of its stack
	 */
	public record AttemptView(@Nullable String start, @Nullable String end, @Nullable String instance,
			@Nullable String error, @Nullable String message, @Nullable String stack) {

	}

	/**
	 * What a search found.
	 *
	 * @param query the text searched for (cut to 200 characters)
	 * @param matches the tasks found
	 * @param note how the search was made
	 */
	public record SearchResult(String query, List<Match> matches, String note) {

	}

	/**
	 * One task found.
	 *
	 * @param queue its queue
	 * @param id its id
	 * @param name its name
	 * @param state its state, or {@code gone} when the bizId still points at a task that
	 * completed or was deleted
	 * @param via {@code id} or {@code bizId}
	 * @param bizIdKeptFor how much longer the bizId is remembered (ms), for a bizId match
	 */
	public record Match(String queue, String id, String name, String state, String via, @Nullable Long bizIdKeptFor) {

	}

	/**
	 * A queue's history.
	 *
	 * @param queue the queue
	 * @param perMinute the last 60 minutes, oldest first
	 * @param perDay the last 90 days, oldest first
	 */
	public record HistoryView(String queue, List<Point> perMinute, List<Point> perDay) {

	}

	/**
	 * One bucket of a history.
	 *
	 * @param start the bucket's start
	 * @param processed attempts that ended
	 * @param failed attempts that failed
	 */
	public record Point(String start, long processed, long failed) {

	}

	/**
	 * Live instances and those gone within the last hour (as seen by the answering
	 * instance).
	 *
	 * @param instances live first, then gone
	 */
	public record InstancesView(List<InstanceRow> instances) {

	}

	/**
	 * One instance.
	 *
	 * @param id the instance id
	 * @param host its host
	 * @param version the async-task version it runs
	 * @param pid its process id
	 * @param startedAt when it started
	 * @param busy threads running a task
	 * @param threads worker threads
	 * @param queues the queues it serves
	 * @param running the tasks it runs now, by queue
	 * @param gone whether it stopped heartbeating
	 * @param lastSeen when this console last saw it live
	 */
	public record InstanceRow(String id, @Nullable String host, @Nullable String version, long pid,
			@Nullable String startedAt, int busy, int threads, List<String> queues, Map<String, List<String>> running,
			boolean gone, String lastSeen) {

	}

	/**
	 * What a bulk action did.
	 *
	 * @param message a sentence for the operator
	 * @param acted tasks acted on
	 * @param leftInPlace tasks examined and left (another name, unreadable)
	 * @param finished whether the whole set was gone through
	 */
	public record BulkDone(String message, long acted, long leftInPlace, boolean finished) {

	}

}
