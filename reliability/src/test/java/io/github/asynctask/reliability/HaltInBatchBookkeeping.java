package io.github.asynctask.reliability;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.BatchStore;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The worker JVM's batch store, halting the JVM (as {@code kill -9} would) between a
 * child's completion and its batch's bookkeeping, at four points, each once across all
 * JVMs (claimed with a {@code SET NX} in Redis):
 * <ul>
 * <li>{@code before-report}: a child's body ended, at this JVM's {@code every}-th report,
 * before the report (nothing counted, not acked);</li>
 * <li>{@code after-report}: at the {@code 2 × every}-th report, after it was counted,
 * before the ack;</li>
 * <li>{@code owing}: after a report that left callbacks owed, before their enqueue;</li>
 * <li>{@code before-confirm}: after the callbacks were enqueued, before the batch was
 * told ({@code batch_fired}).</li>
 * </ul>
 * Each halt writes {@code HALT ms point batch index} to the ledger.
 */
final class HaltInBatchBookkeeping extends BatchStore {

	static final List<String> POINTS = List.of("before-report", "after-report", "owing", "before-confirm");

	private final RedisConnectionFactory connections;

	private final RedisKeys keys;

	private final Ledger ledger;

	private final int every;

	private final AtomicInteger reports = new AtomicInteger();

	HaltInBatchBookkeeping(RedisConnectionFactory connections, RedisKeys keys, Duration replyTimeout, Ledger ledger,
			int every) {
		super(connections, keys, replyTimeout);
		this.connections = connections;
		this.keys = keys;
		this.ledger = ledger;
		this.every = every;
	}

	// every report of the store ends in this one (a child's value, a dead child's
	// listing)
	@Override
	public Owed report(String batchId, long index, boolean dead, @Nullable String value, String queue, String taskId) {
		int report = this.reports.incrementAndGet();
		if (report == this.every) {
			haltOnce("before-report", batchId, index);
		}
		Owed owed = super.report(batchId, index, dead, value, queue, taskId);
		if (report == 2 * this.every) {
			haltOnce("after-report", batchId, index);
		}
		if (!owed.callbacks().isEmpty()) {
			haltOnce("owing", batchId, index);
		}
		return owed;
	}

	@Override
	public void fired(String batchId, List<String> kinds) {
		haltOnce("before-confirm", batchId, String.join("+", kinds));
		super.fired(batchId, kinds);
	}

	private void haltOnce(String point, String batchId, @Nullable Object detail) {
		byte[] key = (this.keys.prefix() + ":reliability:halt:" + point).getBytes(StandardCharsets.UTF_8);
		Boolean claimed;
		try (RedisConnection connection = this.connections.getConnection()) {
			claimed = connection.stringCommands().setNX(key, "1".getBytes(StandardCharsets.UTF_8));
		}
		if (Boolean.TRUE.equals(claimed)) {
			this.ledger.record("HALT", point, batchId, detail);
			Runtime.getRuntime().halt(98);
		}
	}

}
