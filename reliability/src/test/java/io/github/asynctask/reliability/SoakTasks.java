package io.github.asynctask.reliability;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import io.github.asynctask.annotation.AsyncTask;

/**
 * Every feature at once, for the soak ({@link SoakIntegrationTests}): plain work on a
 * sharded queue deduplicated by bizId, a rate-limited queue, a queue with per-key
 * concurrency, a flow across two queues, results, and a periodic task. A JVM has these
 * only with the argument {@code soak=true}; every queue here has {@code soakShards}
 * shards.
 */
public class SoakTasks {

	static final String WORK_QUEUE = "soak-work";

	static final String LIMITED_QUEUE = "soak-limited";

	static final String KEYED_QUEUE = "soak-keyed";

	static final String PAY_QUEUE = "soak-pay";

	static final String SHIP_QUEUE = "soak-ship";

	static final List<String> QUEUES = List.of(WORK_QUEUE, LIMITED_QUEUE, KEYED_QUEUE, PAY_QUEUE, SHIP_QUEUE);

	/** Deliveries of {@link #limited} per second, for the whole queue. */
	static final int RATE = 10;

	static final String WORK = "soak.work";

	static final String LIMITED = "soak.limited";

	static final String KEYED = "soak.keyed";

	static final String PAY = "soak.pay";

	static final String SHIP = "soak.ship";

	static final String JOIN = "soak.join";

	static final String COMPUTE = "soak.compute";

	static final String TICK = "soak.tick";

	/** Plain work, deduplicated by its key. */
	@AsyncTask(name = WORK, queue = WORK_QUEUE, bizId = "#key", maxRetries = 10)
	public void work(String key) {
		pause(5);
	}

	/** Work on the rate-limited queue. */
	@AsyncTask(name = LIMITED, queue = LIMITED_QUEUE, maxRetries = 10)
	public void limited(String key) {
		pause(2);
	}

	/** At most one task of a tenant runs at once, cluster-wide. */
	@AsyncTask(name = KEYED, queue = KEYED_QUEUE, concurrencyKey = "#tenant", maxConcurrency = 1, maxRetries = 10)
	public void keyed(String tenant, String key) {
		pause(30);
	}

	/** The awaited task of a flow. */
	@AsyncTask(name = PAY, queue = PAY_QUEUE, bizId = "#key", maxRetries = 10)
	public void pay(String key) {
		pause(5);
	}

	/** Runs only once {@link #pay} of the same key completed. */
	@AsyncTask(name = SHIP, queue = SHIP_QUEUE, bizId = "#key", after = PAY, maxRetries = 10)
	public void ship(String key) {
	}

	/** The dependent of a per-call fan-in ({@code TaskOptions.after(receipts)}). */
	@AsyncTask(name = JOIN, queue = SHIP_QUEUE, maxRetries = 10)
	public void join(String key) {
	}

	/** A value for the caller's future. */
	@AsyncTask(name = COMPUTE, queue = WORK_QUEUE, maxRetries = 10)
	public CompletableFuture<String> compute(String key) {
		return CompletableFuture.completedFuture(key.toUpperCase(Locale.ROOT));
	}

	/** One tick a second, across every worker JVM. */
	@AsyncTask(name = TICK, queue = WORK_QUEUE, every = "1s", maxRetries = 0)
	public void tick() {
	}

	private static void pause(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
