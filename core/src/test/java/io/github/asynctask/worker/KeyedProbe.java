package io.github.asynctask.worker;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.annotation.AsyncTask;

/**
 * Task bodies of per-key concurrency tests: they count, per tenant and over all tenants,
 * how many run at once and the most that ever did.
 */
public class KeyedProbe {

	final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();

	final Map<String, AtomicInteger> most = new ConcurrentHashMap<>();

	final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

	final AtomicInteger completed = new AtomicInteger();

	/** Tasks of any tenant running now, and the most that ever did. */
	final AtomicInteger runningAll = new AtomicInteger();

	final AtomicInteger mostAll = new AtomicInteger();

	volatile CountDownLatch gate = new CountDownLatch(0);

	/** Runs {@code millis}, at most one per tenant at a time. */
	@AsyncTask(concurrencyKey = "#tenant", maxConcurrency = 1)
	public void work(String tenant, long millis) throws InterruptedException {
		int now = this.running.computeIfAbsent(tenant, (t) -> new AtomicInteger()).incrementAndGet();
		this.most.computeIfAbsent(tenant, (t) -> new AtomicInteger()).accumulateAndGet(now, Math::max);
		this.runs.computeIfAbsent(tenant, (t) -> new AtomicInteger()).incrementAndGet();
		this.mostAll.accumulateAndGet(this.runningAll.incrementAndGet(), Math::max);
		try {
			if (!this.gate.await(60, TimeUnit.SECONDS)) {
				throw new IllegalStateException("gate never opened");
			}
			Thread.sleep(millis);
			this.completed.incrementAndGet();
		}
		finally {
			this.runningAll.decrementAndGet();
			this.running.get(tenant).decrementAndGet();
		}
	}

}
