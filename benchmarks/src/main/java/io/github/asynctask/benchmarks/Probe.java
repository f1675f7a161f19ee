package io.github.asynctask.benchmarks;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every no-op task body of every system calls: counts starts, remembers when the
 * first and the last expected one started, and optionally records start minus the
 * reference time carried in the argument (see {@link TaskArg}).
 * <p>
 * Static because the bodies are instantiated by each library its own way (reflection,
 * deserialization, a class loader of Redisson's); one measurement runs at a time.
 */
public final class Probe {

	private static final AtomicLong started = new AtomicLong();

	private static final AtomicLong firstNanos = new AtomicLong();

	private static final AtomicLong lastNanos = new AtomicLong();

	private static final AtomicInteger sampleCount = new AtomicInteger();

	// Replaced by reset() between measurements, read by task threads.
	private static volatile long expected = Long.MAX_VALUE;

	private static volatile long @org.jspecify.annotations.Nullable [] samples;

	private Probe() {
	}

	/** Start a measurement expecting {@code expectedStarts} task starts. */
	public static void reset(long expectedStarts, boolean recordDelays) {
		started.set(0);
		firstNanos.set(0);
		lastNanos.set(0);
		sampleCount.set(0);
		samples = recordDelays ? new long[(int) Math.min(expectedStarts, 10_000_000)] : null;
		expected = expectedStarts;
	}

	/** The body of every no-op task. */
	public static void hit(String arg) {
		hitAt(System.nanoTime(), arg);
	}

	/**
	 * A body that started at {@code now} ({@link System#nanoTime()} units) in another
	 * process, reported afterwards.
	 */
	static void hitAt(long now, String arg) {
		long count = started.incrementAndGet();
		if (count == 1) {
			firstNanos.set(now);
		}
		long[] recorded = samples;
		if (recorded != null) {
			int index = sampleCount.getAndIncrement();
			if (index < recorded.length) {
				recorded[index] = now - TaskArg.reference(arg);
			}
		}
		if (count >= expected) {
			// A system that delivers a task twice reaches the count early; the RESULT
			// line's figures then overstate it, which started() lets a scenario see.
			lastNanos.compareAndSet(0, now);
		}
	}

	public static long started() {
		return started.get();
	}

	public static long firstNanos() {
		return firstNanos.get();
	}

	/** When the expected number of starts was reached; 0 until then. */
	public static long lastNanos() {
		return lastNanos.get();
	}

	/** Wait until the expected starts happened; false on timeout. */
	public static boolean await(long timeoutMillis) throws InterruptedException {
		long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
		while (lastNanos.get() == 0) {
			if (System.nanoTime() > deadline) {
				return false;
			}
			Thread.sleep(1);
		}
		return true;
	}

	/** The recorded delays in nanoseconds, sorted. */
	public static long[] sortedDelays() {
		long[] recorded = samples;
		if (recorded == null) {
			return new long[0];
		}
		long[] copy = Arrays.copyOf(recorded, Math.min(sampleCount.get(), recorded.length));
		Arrays.sort(copy);
		return copy;
	}

}
