package io.github.asynctask.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.redis.OwedEntry;
import io.github.asynctask.redis.RedisKeys;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The worker JVM's flow store, halting the JVM (as {@code kill -9} would) right after an
 * awaited task was marked done and its waiters moved to the owed releases, before the
 * completing worker releases them: at the {@code every}-th such mark of each run, at most
 * {@code most} times per worker (counted by the {@code HALT} records of its ledger, which
 * survive restarts). Each halt writes {@code HALT ms <id>...} with the waiting tasks it
 * left owed.
 */
final class HaltAfterFlowMark extends FlowStore {

	private final Ledger ledger;

	private final int every;

	private final boolean armed;

	private final AtomicInteger marks = new AtomicInteger();

	HaltAfterFlowMark(RedisConnectionFactory connections, RedisKeys keys, Duration replyTimeout, Ledger ledger,
			Path ledgerFile, int every, int most) {
		super(connections, keys, replyTimeout);
		this.ledger = ledger;
		this.every = every;
		this.armed = halts(ledgerFile) < most;
	}

	@Override
	public List<String> done(String queue, String condition, Duration remember) {
		List<String> owed = super.done(queue, condition, remember);
		if (this.armed && !owed.isEmpty() && this.marks.incrementAndGet() == this.every) {
			Object[] waiters = owed.stream()
				.map(OwedEntry::parse)
				.filter((entry) -> entry != null && !entry.isDrain())
				.map(OwedEntry::id)
				.toArray();
			this.ledger.record("HALT", waiters);
			Runtime.getRuntime().halt(98);
		}
		return owed;
	}

	private static long halts(Path ledger) {
		try {
			return Files.exists(ledger)
					? Files.readAllLines(ledger).stream().filter((l) -> l.startsWith("HALT ")).count() : 0;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
