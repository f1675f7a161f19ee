package io.github.asynctask.worker;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.NonRetryableException;

/**
 * The task bean of the worker integration tests: counts runs per task key and how many
 * bodies run at once, and can block, sleep, fail or hang on demand.
 */
public class Probe {

	final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

	final Map<String, AtomicInteger> completions = new ConcurrentHashMap<>();

	final Map<String, Long> startedAt = new ConcurrentHashMap<>();

	/** The thread each key's body last ran on. */
	final Map<String, Thread> threads = new ConcurrentHashMap<>();

	final AtomicInteger interrupted = new AtomicInteger();

	final AtomicInteger running = new AtomicInteger();

	final AtomicInteger maxRunning = new AtomicInteger();

	volatile CountDownLatch gate = new CountDownLatch(1);

	/** Runs quickly. */
	public void count(String key) {
		enter(key);
		exit(key);
		this.running.decrementAndGet();
	}

	/** Runs until the gate opens (or it is interrupted). */
	public void block(String key) throws InterruptedException {
		enter(key);
		try {
			if (!this.gate.await(60, TimeUnit.SECONDS)) {
				throw new IllegalStateException("gate never opened");
			}
			exit(key);
		}
		catch (InterruptedException ex) {
			this.interrupted.incrementAndGet();
			throw ex;
		}
		finally {
			this.running.decrementAndGet();
		}
	}

	/** Runs for {@code millis}, counting an interrupt. */
	public void sleep(String key, long millis) throws InterruptedException {
		enter(key);
		try {
			Thread.sleep(millis);
			exit(key);
		}
		catch (InterruptedException ex) {
			this.interrupted.incrementAndGet();
			throw ex;
		}
		finally {
			this.running.decrementAndGet();
		}
	}

	/** Fails every time with the run number in the message. */
	public void fail(String key) {
		int run = enter(key);
		this.running.decrementAndGet();
		throw new IllegalStateException("failure " + run);
	}

	/** Fails in a way retrying cannot fix. */
	public void reject(String key) {
		enter(key);
		this.running.decrementAndGet();
		throw new NonRetryableException("rejected " + key);
	}

	/** Throws an Error. */
	public void overflow(String key) {
		enter(key);
		this.running.decrementAndGet();
		throw new StackOverflowError("deep");
	}

	/** Ignores interrupts (counting them) until the gate opens, then succeeds. */
	public void stubborn(String key) {
		enter(key);
		try {
			while (true) {
				try {
					if (!this.gate.await(60, TimeUnit.SECONDS)) {
						throw new IllegalStateException("gate never opened");
					}
					exit(key);
					return;
				}
				catch (InterruptedException ex) {
					this.interrupted.incrementAndGet();
				}
			}
		}
		finally {
			this.running.decrementAndGet();
		}
	}

	/** Ignores interrupts until {@code millis} have passed. */
	public void hang(String key, long millis) {
		enter(key);
		long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
		while (System.nanoTime() < end) {
			try {
				Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
			}
			catch (InterruptedException ex) {
				this.interrupted.incrementAndGet();
			}
		}
		this.running.decrementAndGet();
	}

	int runs(String key) {
		AtomicInteger count = this.runs.get(key);
		return (count != null) ? count.get() : 0;
	}

	int completions(String key) {
		AtomicInteger count = this.completions.get(key);
		return (count != null) ? count.get() : 0;
	}

	private int enter(String key) {
		this.startedAt.putIfAbsent(key, System.currentTimeMillis());
		this.threads.put(key, Thread.currentThread());
		int now = this.running.incrementAndGet();
		this.maxRunning.accumulateAndGet(now, Math::max);
		return this.runs.computeIfAbsent(key, (k) -> new AtomicInteger()).incrementAndGet();
	}

	private void exit(String key) {
		this.completions.computeIfAbsent(key, (k) -> new AtomicInteger()).incrementAndGet();
	}

}
