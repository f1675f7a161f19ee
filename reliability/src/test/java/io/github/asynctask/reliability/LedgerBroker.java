package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Supplier;

import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.Dequeued;
import io.github.asynctask.redis.ForwardingRedisBroker;
import io.github.asynctask.redis.HandBackResult;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;

/**
 * The worker JVM's broker: the real one, with every answer to an ack written to the
 * ledger and the fencing token of each delivery remembered for {@link LedgerInterceptor}.
 * Recording at this seam needs no hook in the worker runtime; every other call passes
 * through unchanged.
 */
final class LedgerBroker extends ForwardingRedisBroker {

	private final Ledger ledger;

	/** Token of the latest delivery of each id fetched by this JVM. */
	private final Map<String, Long> tokens = new ConcurrentHashMap<>();

	/** Redis's hand-out time of a delivery of this lease (ms), -1 when unknown. */
	private final BiFunction<Delivery, Duration, Long> handedOutAt;

	LedgerBroker(RedisBroker delegate, Ledger ledger) {
		this(delegate, ledger, (delivery, lease) -> -1L);
	}

	LedgerBroker(RedisBroker delegate, Ledger ledger, BiFunction<Delivery, Duration, Long> handedOutAt) {
		super(delegate);
		this.ledger = ledger;
		this.handedOutAt = handedOutAt;
	}

	long token(String id) {
		return this.tokens.getOrDefault(id, -1L);
	}

	@Override
	public List<Delivery> dequeue(String queue, int max, Duration lease) {
		List<Delivery> deliveries = delegate().dequeue(queue, max, lease);
		deliveries.forEach((delivery) -> this.tokens.put(delivery.id(), delivery.token()));
		return deliveries;
	}

	// the rate-limited fetch, recorded as handed out (FETCH) for the soak's rate check
	@Override
	public Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit) {
		Dequeued dequeued = delegate().dequeue(queue, max, lease, limit);
		dequeued.deliveries().forEach((delivery) -> {
			this.tokens.put(delivery.id(), delivery.token());
			this.ledger.record("FETCH", delivery.id(), queue, this.handedOutAt.apply(delivery, lease));
		});
		return dequeued;
	}

	@Override
	public AckResult complete(Delivery delivery, Duration retention) {
		return ack(delivery, "complete", () -> delegate().complete(delivery, retention));
	}

	@Override
	public List<AckResult> completeAll(List<Delivery> deliveries, Duration retention) {
		List<AckResult> results = delegate().completeAll(deliveries, retention);
		for (int i = 0; i < deliveries.size(); i++) {
			Delivery delivery = deliveries.get(i);
			this.ledger.record("ACK", delivery.id(), delivery.token(), "complete", results.get(i));
		}
		return results;
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error) {
		return ack(delivery, "retry", () -> delegate().retry(delivery, delay, error));
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error, @Nullable String attempt) {
		return ack(delivery, "retry", () -> delegate().retry(delivery, delay, error, attempt));
	}

	@Override
	public AckResult kill(Delivery delivery, String reason) {
		return ack(delivery, "kill", () -> delegate().kill(delivery, reason));
	}

	@Override
	public AckResult kill(Delivery delivery, String reason, @Nullable String attempt) {
		return ack(delivery, "kill", () -> delegate().kill(delivery, reason, attempt));
	}

	@Override
	public AckResult requeue(Delivery delivery) {
		return ack(delivery, "requeue", () -> delegate().requeue(delivery));
	}

	@Override
	public HandBackResult handBack(Delivery delivery, Duration minDelay, Duration maxDelay, Duration grace,
			String error, String deadReason) {
		HandBackResult result = delegate().handBack(delivery, minDelay, maxDelay, grace, error, deadReason);
		this.ledger.record("ACK", delivery.id(), delivery.token(), "hand back", result);
		return result;
	}

	private AckResult ack(Delivery delivery, String action, Supplier<AckResult> call) {
		AckResult result = call.get();
		this.ledger.record("ACK", delivery.id(), delivery.token(), action, result);
		return result;
	}

}
