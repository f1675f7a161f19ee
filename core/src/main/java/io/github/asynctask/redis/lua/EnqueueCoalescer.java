package io.github.asynctask.redis.lua;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import org.jspecify.annotations.Nullable;

/**
 * Sends concurrent submits together, as the worker's ack sender does with acks: a submit
 * that finds no call in flight goes at once, on its caller's thread; submits arriving
 * while a call is in flight wait, and when it returns the first of them sends every
 * submit waiting by then in one {@code enqueueAll} (one script call per queue or shard,
 * pipelined). Under load Redis sees one call per burst instead of one per submit; at low
 * load nothing waits. It has no thread of its own, so nothing is left to stop.
 * <p>
 * Each caller gets its own request's outcome. A call Redis refuses (an error reply, such
 * as one task's dedup key holding the wrong type) is sent again request by request, each
 * caller then getting its own outcome or error: re-sending is harmless, enqueue being
 * idempotent by task id. A call that fails otherwise (no reply in time, connection lost)
 * fails every caller in it, the outcome of each being unknown as for a single submit.
 */
final class EnqueueCoalescer {

	/**
	 * How often a waiting caller looks for itself, should a wake-up be missed: a safety
	 * net, never the usual path (the sender wakes the next caller when its call returns).
	 */
	private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	/** How often a sender re-sends its call when its own thread's interrupt broke it. */
	private static final int INTERRUPTED_RESENDS = 3;

	private final Function<List<EnqueueRequest>, List<EnqueueResult>> sender;

	private final int maxGroup;

	/**
	 * Submits not yet taken by a call; any caller may take them once it holds
	 * {@link #sending}.
	 */
	private final Queue<Waiter> waiting = new ConcurrentLinkedQueue<>();

	/** Whether a caller is sending a call (at most one call in flight). */
	private final AtomicBoolean sending = new AtomicBoolean();

	/**
	 * Whether the sending thread was interrupted during its call; guarded by
	 * {@link #sending}.
	 */
	private boolean interruptSeen;

	/**
	 * @param sender sends several requests, results in request order
	 * @param maxGroup most requests in one call
	 */
	EnqueueCoalescer(Function<List<EnqueueRequest>, List<EnqueueResult>> sender, int maxGroup) {
		this.sender = sender;
		this.maxGroup = maxGroup;
	}

	/**
	 * Send one request, alone or with others waiting at the same time.
	 * @throws RedisUnavailableException when its call failed, or when the caller was
	 * interrupted before any call took its request (which is then not sent)
	 */
	EnqueueResult enqueue(EnqueueRequest request) {
		Waiter self = new Waiter(request, Thread.currentThread());
		this.waiting.add(self);
		boolean interrupted = false;
		try {
			while (!self.isDone()) {
				if (this.sending.compareAndSet(false, true)) {
					try {
						if (!self.isDone()) {
							sendWaiting();
						}
					}
					finally {
						this.sending.set(false);
						wakeNext();
					}
				}
				else {
					LockSupport.parkNanos(this, RECHECK_NANOS);
					if (Thread.interrupted()) {
						interrupted = true;
						if (this.waiting.remove(self)) {
							throw new RedisUnavailableException("Interrupted before Redis was asked to record task "
									+ request.id() + " of queue '" + request.queue() + "'; it was not sent",
									new InterruptedException());
						}
						// a call has it: wait for its outcome, bounded by the reply
						// timeout
					}
				}
			}
			return self.outcome();
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** Submits waiting for a call (tests). */
	int waiting() {
		return this.waiting.size();
	}

	/** Wake the oldest waiting caller, to send the next call if nobody else does. */
	private void wakeNext() {
		Waiter next = this.waiting.peek();
		if (next != null) {
			LockSupport.unpark(next.thread);
		}
	}

	private void sendWaiting() {
		List<Waiter> group = new ArrayList<>();
		for (Waiter next = null; group.size() < this.maxGroup && (next = this.waiting.poll()) != null;) {
			group.add(next);
		}
		if (group.isEmpty()) {
			return;
		}
		try {
			send(group);
		}
		catch (RuntimeException | Error ex) {
			group.forEach((waiter) -> waiter.fail(ex));
			throw ex;
		}
		finally {
			// nobody is left waiting for a call that is over, whatever went wrong
			for (Waiter waiter : group) {
				if (!waiter.isDone()) {
					waiter.fail(new IllegalStateException("Task " + waiter.request.id() + " of queue '"
							+ waiter.request.queue() + "' got no outcome"));
				}
			}
		}
	}

	private void send(List<Waiter> group) {
		List<EnqueueRequest> requests = new ArrayList<>(group.size());
		group.forEach((waiter) -> requests.add(waiter.request));
		// another caller's interrupt must not break this call: cleared, restored after
		this.interruptSeen = Thread.interrupted();
		try {
			List<EnqueueResult> results = call(requests);
			for (int i = 0; i < group.size(); i++) {
				group.get(i).succeed(results.get(i));
			}
		}
		catch (RuntimeException ex) {
			if (group.size() > 1 && isRefusal(ex)) {
				group.forEach(this::sendAlone);
			}
			else {
				group.forEach((waiter) -> waiter.fail(ex));
			}
		}
		finally {
			if (this.interruptSeen) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * The call, sent again when an interrupt of this thread broke it: Redis may or may
	 * not have run it, and a re-send of the same ids is harmless.
	 */
	private List<EnqueueResult> call(List<EnqueueRequest> requests) {
		for (int resends = 0;; resends++) {
			try {
				return this.sender.apply(requests);
			}
			catch (RedisUnavailableException ex) {
				boolean interrupted = Thread.interrupted();
				this.interruptSeen |= interrupted;
				if (!interrupted || resends == INTERRUPTED_RESENDS) {
					throw ex;
				}
			}
		}
	}

	private void sendAlone(Waiter waiter) {
		try {
			waiter.succeed(call(List.of(waiter.request)).get(0));
		}
		catch (RuntimeException ex) {
			waiter.fail(ex);
		}
	}

	/** Redis answered the call with an error (the connection works). */
	private static boolean isRefusal(RuntimeException ex) {
		if (!(ex instanceof RedisUnavailableException)) {
			return true; // a request the broker could not write or whose reply it could
							// not read
		}
		for (Throwable cause = ex.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
			if (cause instanceof io.lettuce.core.RedisCommandExecutionException) {
				return true;
			}
		}
		return false;
	}

	/**
	 * One caller's request and, once its call returned, its outcome. Completed by the
	 * sending thread, read by the caller's; the first completion wins.
	 */
	private static final class Waiter {

		private final EnqueueRequest request;

		private final Thread thread;

		private volatile @Nullable Object outcome;

		Waiter(EnqueueRequest request, Thread thread) {
			this.request = request;
			this.thread = thread;
		}

		boolean isDone() {
			return this.outcome != null;
		}

		void succeed(EnqueueResult result) {
			complete(result);
		}

		void fail(Throwable failure) {
			complete(failure);
		}

		private synchronized void complete(Object outcome) {
			if (this.outcome == null) {
				this.outcome = outcome;
				LockSupport.unpark(this.thread);
			}
		}

		EnqueueResult outcome() {
			Object outcome = this.outcome;
			if (outcome instanceof EnqueueResult result) {
				return result;
			}
			if (outcome instanceof RedisUnavailableException shared) {
				// the same failure as the call's other callers, with this caller's stack
				throw new RedisUnavailableException(shared.getMessage(), shared.getCause());
			}
			if (outcome instanceof RuntimeException ex) {
				throw ex;
			}
			throw (Error) outcome;
		}

	}

}
