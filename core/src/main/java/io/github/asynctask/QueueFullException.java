package io.github.asynctask;

/**
 * A submit was refused because its queue holds as many tasks as
 * {@code async-task.queues.<queue>.max-backlog} allows (pending + scheduled + retry).
 * Nothing of the refused task was written; submitting it again later is safe. A web layer
 * typically answers 503 or 429 with a {@code Retry-After}.
 */
public class QueueFullException extends AsyncTaskException {

	private final String queue;

	private final long backlog;

	private final long limit;

	public QueueFullException(String queue, String taskName, long backlog, long limit, String detail) {
		super("Queue '" + queue + "' is full: its backlog (pending + scheduled + retry) is " + backlog
				+ " of async-task.queues." + queue + ".max-backlog=" + limit + "; task '" + taskName
				+ "' was not submitted" + detail + ". Let its workers catch up (more instances or concurrency), "
				+ "raise max-backlog, or set on-full: wait");
		this.queue = queue;
		this.backlog = backlog;
		this.limit = limit;
	}

	/** The queue that is full (not a shard of it). */
	public String getQueue() {
		return this.queue;
	}

	/** The backlog the queue (or, on a sharded queue, the shard the task went to) had. */
	public long getBacklog() {
		return this.backlog;
	}

	/**
	 * The queue's {@code max-backlog} (or, on a sharded queue, the shard's share of it).
	 */
	public long getLimit() {
		return this.limit;
	}

}
