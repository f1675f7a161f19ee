package io.github.asynctask.outbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.QueueName;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends one relay round's rows to Redis so that no row holds up the others: the rows go
 * in one pipelined call; when Redis refuses that call for what it carries
 * ({@link RedisRefusal}), each half goes on its own, oldest first, until the refused rows
 * stand alone. A refused row stays for the next round (its attempts counted) until it has
 * failed {@value #MAX_REFUSALS} rounds, then goes to its queue's dead set with the
 * reason; so does at once a row that cannot be read. Redis unreachable ends the sending:
 * the rows not yet sent stay as they are. A row whose queue is full (max-backlog) is not
 * refused for what it carries: it waits as it is, its attempts not counted, and goes once
 * the queue has room; it never goes to the dead set for that.
 */
final class OutboxDelivery {

	/** Relay attempts after which a row Redis refuses goes to the dead set. */
	static final int MAX_REFUSALS = 5;

	/** The queue that takes an unreadable row whose queue column is not a valid queue. */
	static final String FALLBACK_QUEUE = "default";

	private static final Logger logger = LoggerFactory.getLogger(OutboxRelay.class);

	private final RedisBroker broker;

	private final OutboxRowFormat format = new OutboxRowFormat();

	private final AtomicLong buried = new AtomicLong();

	OutboxDelivery(RedisBroker broker) {
		this.broker = broker;
	}

	/** Rows sent to the dead set since start: unreadable, or refused too often. */
	long buried() {
		return this.buried.get();
	}

	/** Send a round's rows, oldest first. */
	Outcome deliver(List<OutboxRow> rows) {
		Outcome outcome = new Outcome();
		List<Readable> readable = new ArrayList<>(rows.size());
		for (OutboxRow row : rows) {
			try {
				readable.add(new Readable(row, this.format.read(row.id(), row.queue(), row.data())));
			}
			catch (OutboxRowFormat.UnreadableRowException ex) {
				buryUnreadable(row, ex.getMessage(), outcome);
			}
		}
		send(readable, outcome);
		registerQueues(outcome.queues);
		return outcome;
	}

	private void send(List<Readable> part, Outcome outcome) {
		if (part.isEmpty()) {
			return;
		}
		if (outcome.failure != null) {
			part.forEach((item) -> outcome.unsent.add(item.row()));
			return;
		}
		try {
			List<EnqueueResult> results = this.broker.enqueueAll(part.stream().map(Readable::request).toList());
			for (int i = 0; i < part.size(); i++) {
				if (results.get(i).outcome() == EnqueueResult.Outcome.QUEUE_FULL) {
					outcome.full.add(part.get(i).row());
				}
				else {
					outcome.sent(part.get(i).row());
				}
			}
		}
		catch (RuntimeException ex) {
			String refusal = RedisRefusal.reason(ex);
			if (refusal == null) {
				outcome.failure = ex;
				part.forEach((item) -> outcome.unsent.add(item.row()));
			}
			else if (part.size() == 1) {
				refused(part.get(0).row(), refusal, outcome);
			}
			else {
				int half = part.size() / 2;
				send(part.subList(0, half), outcome);
				send(part.subList(half, part.size()), outcome);
			}
		}
	}

	private void refused(OutboxRow row, String refusal, Outcome outcome) {
		int attempts = row.attempts() + 1;
		if (attempts < MAX_REFUSALS) {
			logger.warn("Redis refused outbox row {} of queue '{}' (attempt {} of {}): {}; the rows behind it go on",
					row.id(), row.queue(), attempts, MAX_REFUSALS, refusal);
			outcome.refused.put(row, refusal);
			return;
		}
		logger.error("Redis refused outbox row {} of queue '{}' at the last of {} attempts ({}); moved to the dead "
				+ "set of queue '{}'", row.id(), row.queue(), MAX_REFUSALS, refusal, row.queue());
		try {
			bury(row.queue(), row, "outbox row refused by Redis after " + attempts + " relay attempts: " + refusal,
					outcome);
		}
		catch (RuntimeException ex) {
			outcome.failure = ex;
			outcome.unsent.add(row);
		}
	}

	private void buryUnreadable(OutboxRow row, String reason, Outcome outcome) {
		String queue = row.queue();
		String why = "unreadable outbox row: " + reason;
		try {
			QueueName.check(queue);
		}
		catch (IllegalArgumentException ex) {
			why = why + " (its queue '" + queue + "' is not a valid queue name)";
			queue = FALLBACK_QUEUE;
		}
		logger.error("Outbox row {} of queue '{}' cannot be read ({}); moved to the dead set of queue '{}'", row.id(),
				row.queue(), reason, queue);
		bury(queue, row, why, outcome);
	}

	private void bury(String queue, OutboxRow row, String reason, Outcome outcome) {
		this.broker.bury(queue, row.id(), row.data(), reason);
		this.buried.incrementAndGet();
		outcome.gone.add(row);
		outcome.queues.add(queue);
	}

	private void registerQueues(Set<String> queues) {
		if (queues.isEmpty()) {
			return;
		}
		try {
			this.broker.registerQueues(queues);
		}
		catch (RuntimeException ex) {
			logger.debug("Could not register queues {}: {}", queues, ex.toString());
		}
	}

	/**
	 * What became of a round's rows. {@code gone}: in Redis now (sent, or in the dead
	 * set), to delete; {@code refused}: refused this round, with the reason, to keep;
	 * {@code unsent}: not sent because Redis could not be reached ({@code failure});
	 * {@code full}: refused by a full queue (max-backlog), to keep as they are.
	 */
	static final class Outcome {

		final List<OutboxRow> gone = new ArrayList<>();

		final Map<OutboxRow, String> refused = new LinkedHashMap<>();

		final List<OutboxRow> unsent = new ArrayList<>();

		final List<OutboxRow> full = new ArrayList<>();

		@Nullable RuntimeException failure;

		private final Set<String> queues = new LinkedHashSet<>();

		private void sent(OutboxRow row) {
			this.gone.add(row);
			this.queues.add(row.queue());
		}

	}

	private record Readable(OutboxRow row, EnqueueRequest request) {
	}

}
