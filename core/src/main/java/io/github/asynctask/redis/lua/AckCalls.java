package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.DeliveryToken;
import io.github.asynctask.redis.HandBackResult;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.ArgsWriter;
import io.github.asynctask.redis.script.DirectScripts;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptBytes;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;
import org.jspecify.annotations.Nullable;

/**
 * What a worker says about the deliveries it holds: complete, retry, kill, bury, requeue,
 * hand back, extend the lease. Each call is fenced by the delivery's token.
 */
final class AckCalls {

	private final ScriptRunner runner;

	/**
	 * Where groups of acks go: a blocking connection of the ack thread's own when the
	 * Redis qualifies, it is free and on. A group whose connection broke is sent again
	 * through the runner, as Lettuce re-sends one after a reconnect (an applied ack sent
	 * again is answered "no longer exists").
	 */
	private final DirectScripts direct;

	private final RedisKeys keys;

	private final Duration completedIds;

	/** The keys of the complete script, encoded once per queue (never changed). */
	private final Map<String, byte[][]> completeKeys = new ConcurrentHashMap<>();

	/** Told the queue when a completion left releases owed (flows); set once at start. */
	private volatile Consumer<String> owedReleases = (queue) -> {
	};

	private final Millis.Bytes retentionBytes = new Millis.Bytes();

	private final Millis.Bytes completedIdsBytes = new Millis.Bytes();

	AckCalls(DirectScripts direct, ScriptRunner runner, RedisKeys keys, Duration completedIds) {
		this.direct = direct;
		this.runner = runner;
		this.keys = keys;
		this.completedIds = completedIds;
	}

	/**
	 * Be told the queue each time a completion moved waiting tasks (flows, per-call
	 * {@code after}) to its owed releases, so they are carried out at once.
	 */
	void onOwedReleases(Consumer<String> listener) {
		this.owedReleases = listener;
	}

	List<AckResult> completeAll(List<Delivery> deliveries, Duration retention) {
		if (deliveries.isEmpty()) {
			return List.of();
		}
		String queue = deliveries.get(0).queue();
		for (Delivery delivery : deliveries) {
			if (!delivery.queue().equals(queue)) {
				throw new IllegalArgumentException("completeAll takes deliveries of one queue, got '" + queue
						+ "' and '" + delivery.queue() + "' (task " + delivery.id() + ")");
			}
		}
		byte[] retentionArg = this.retentionBytes.of(retention);
		byte[] completedIdsArg = this.completedIdsBytes.of(this.completedIds);
		// a copy: the client may write the call again (a reconnect) after the caller
		// moved on
		Delivery[] sent = deliveries.toArray(new Delivery[0]);
		// the keys encoded once per queue; each id and token written straight into the
		// client's buffer, no byte array per task (issue 37)
		ArgsWriter args = new ArgsWriter() {

			@Override
			public int count() {
				return 2 + sent.length * 2;
			}

			@Override
			public void writeTo(Sink sink) {
				sink.bytes(retentionArg);
				sink.bytes(completedIdsArg);
				for (Delivery delivery : sent) {
					sink.text(delivery.id());
					sink.decimal(delivery.token());
				}
			}

		};
		byte[][] keys = this.completeKeys.computeIfAbsent(queue,
				(name) -> ScriptBytes.utf8(List.of(this.keys.tasks(name), this.keys.active(name),
						this.keys.leases(name), this.keys.completed(name), this.keys.payloads(name),
						this.keys.done(name), this.keys.flowWatchers(name), this.keys.flowOwed(name))));
		List<?> codes = Replies.list(this.direct.run(Scripts.COMPLETE, queue, keys, args));
		List<AckResult> results = new ArrayList<>(codes.size());
		boolean owed = false;
		for (Object reply : codes) {
			long code = Replies.number(reply);
			if (code == 2 || code == 3) {
				owed = true;
				code -= 2;
			}
			results.add(ackResult(code));
		}
		if (owed) {
			this.owedReleases.accept(queue);
		}
		return results;
	}

	AckResult retry(Delivery delivery, Duration delay, String error, @Nullable String attempt) {
		String queue = delivery.queue();
		return ack(Scripts.RETRY, delivery,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.retry(queue), this.keys.payloads(queue), this.keys.dead(queue),
						this.keys.batchOwed(queue)),
				List.of(Millis.arg(delay), error, this.keys.dueChannel(queue), (attempt != null) ? attempt : ""));
	}

	AckResult kill(Delivery delivery, String reason, @Nullable String attempt) {
		String queue = delivery.queue();
		return ack(
				Scripts.KILL, delivery, List.of(this.keys.tasks(queue), this.keys.active(queue),
						this.keys.leases(queue), this.keys.dead(queue), this.keys.payloads(queue)),
				List.of(reason, (attempt != null) ? attempt : ""));
	}

	boolean bury(String queue, String id, String raw, String reason) {
		return Replies
			.single(this.runner.run(
					Scripts.BURY, queue, List.of(this.keys.tasks(queue), this.keys.payloads(queue),
							this.keys.dead(queue), this.keys.done(queue), this.keys.batchOwed(queue)),
					List.of(id, raw, reason))) == 1;
	}

	AckResult requeue(Delivery delivery) {
		String queue = delivery.queue();
		return ack(Scripts.REQUEUE, delivery,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.pending(queue), this.keys.payloads(queue), this.keys.wake(queue),
						this.keys.dead(queue), this.keys.batchOwed(queue)),
				List.of());
	}

	HandBackResult handBack(Delivery delivery, Duration minDelay, Duration maxDelay, Duration grace, String error,
			String deadReason) {
		String queue = delivery.queue();
		long code = Replies.single(this.runner.run(Scripts.HAND_BACK, queue,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.retry(queue), this.keys.dead(queue), this.keys.payloads(queue),
						this.keys.batchOwed(queue)),
				List.of(delivery.id(), Long.toString(delivery.token()), Millis.arg(minDelay), Millis.arg(maxDelay),
						Millis.arg(grace), error, deadReason, this.keys.dueChannel(queue))));
		return switch ((int) code) {
			case 1 -> HandBackResult.HANDED_BACK;
			case 2 -> HandBackResult.DEAD;
			case 0 -> HandBackResult.STALE;
			default -> HandBackResult.MISSING;
		};
	}

	Set<DeliveryToken> extendLeases(String queue, Collection<DeliveryToken> deliveries, Duration lease) {
		if (deliveries.isEmpty()) {
			return Set.of();
		}
		List<String> args = new ArrayList<>(1 + deliveries.size() * 2);
		args.add(Millis.arg(lease));
		deliveries.forEach((delivery) -> {
			args.add(delivery.id());
			args.add(Long.toString(delivery.token()));
		});
		List<?> lost = Replies.list(this.runner.run(Scripts.EXTEND, queue,
				List.of(this.keys.active(queue), this.keys.leases(queue)), args));
		Set<DeliveryToken> tokens = new HashSet<>();
		for (int i = 0; i + 1 < lost.size(); i += 2) {
			tokens.add(new DeliveryToken(Replies.string(lost.get(i)), Long.parseLong(Replies.string(lost.get(i + 1)))));
		}
		return tokens;
	}

	private AckResult ack(LuaScript script, Delivery delivery, List<String> keys, List<String> extraArgs) {
		List<String> args = new ArrayList<>(2 + extraArgs.size());
		args.add(delivery.id());
		args.add(Long.toString(delivery.token()));
		args.addAll(extraArgs);
		return ackResult(Replies.single(this.runner.run(script, delivery.queue(), keys, args)));
	}

	private static AckResult ackResult(long code) {
		return (code == 1) ? AckResult.APPLIED : (code == 0) ? AckResult.STALE : AckResult.MISSING;
	}

}
