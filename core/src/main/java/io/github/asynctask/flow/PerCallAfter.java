package io.github.asynctask.flow;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;

/**
 * Turns the task ids of {@code TaskOptions.after(...)} into conditions, each in the queue
 * of its task: found among the tasks this submitter recorded lately (receipts deferred
 * until commit included), else looked up in every known queue. An id found nowhere is
 * refused at the call: its task may have completed long ago, but a typo must not run the
 * task at once nor leave it waiting a day.
 */
public final class PerCallAfter {

	/** How many recent submits are remembered by id. */
	static final int RECENT = 10_000;

	private final RedisBroker broker;

	private final FlowRules rules;

	/**
	 * The last {@value #RECENT} submits, in a ring each submit overwrites one slot of:
	 * every submit records, but only a call with {@code after} ids reads (a scan), so
	 * recording is a store rather than a hash-map insert and eviction under a lock, which
	 * showed in submit profiles.
	 */
	private final AtomicReferenceArray<Recent> recent = new AtomicReferenceArray<>(RECENT);

	/** Submits recorded so far; the next one's slot. */
	private final AtomicLong recorded = new AtomicLong();

	public PerCallAfter(RedisBroker broker, FlowRules rules) {
		this.broker = broker;
		this.rules = rules;
	}

	/** Remember the queue of a task this submitter recorded (or will after commit). */
	public void submitted(String id, String queue) {
		this.recent.lazySet((int) (this.recorded.getAndIncrement() % RECENT), new Recent(id, queue));
	}

	/**
	 * The request waiting also for the tasks with these ids.
	 * @throws IllegalArgumentException naming an id that is in no queue
	 */
	public EnqueueRequest apply(EnqueueRequest request, List<String> taskIds) {
		if (taskIds.isEmpty()) {
			return request;
		}
		List<EnqueueRequest.Awaited> after = new ArrayList<>(request.after());
		for (String id : taskIds) {
			after.add(EnqueueRequest.Awaited.id(queueOf(id, request), id));
		}
		return request.withAfter(after,
				request.after().isEmpty() ? this.rules.waitTimeout(request.name()) : request.waitTimeout());
	}

	private String queueOf(String id, EnqueueRequest request) {
		for (int i = 0; i < RECENT; i++) {
			Recent recent = this.recent.get(i);
			if (recent != null && recent.id().equals(id)) {
				return recent.queue();
			}
		}
		Set<String> queues = new LinkedHashSet<>(this.rules.queues());
		queues.addAll(this.broker.knownQueues());
		for (String queue : queues) {
			if (this.broker.find(queue, id).isPresent()) {
				return queue;
			}
		}
		throw new IllegalArgumentException("Task '" + request.name() + "' cannot run after task " + id
				+ ": no queue holds a task with that id (a typo, a deleted task, or one whose data is gone after it "
				+ "completed); pass the receipt of a task submitted here or the id of a task still kept");
	}

	/** One recorded submit. */
	private record Recent(String id, String queue) {
	}

}
