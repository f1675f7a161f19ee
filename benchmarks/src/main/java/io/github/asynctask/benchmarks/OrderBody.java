package io.github.asynctask.benchmarks;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code workload} task body every system runs: read the order, wait {@code ioMillis}
 * as an I/O call would ({@link Thread#sleep}), then tell the {@link Probe} it ended. Also
 * tracks how many bodies run at once.
 */
public final class OrderBody {

	private static final AtomicInteger running = new AtomicInteger();

	private static final AtomicInteger maxRunning = new AtomicInteger();

	private OrderBody() {
	}

	public static void run(Order order, long ioMillis) {
		maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
		try {
			if (order.totalCents() <= 0) {
				throw new IllegalStateException("order " + order.id() + " arrived without lines");
			}
			Thread.sleep(ioMillis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return;
		}
		finally {
			running.decrementAndGet();
		}
		Probe.hit(order.id());
	}

	static void reset() {
		maxRunning.set(0);
	}

	/** Most bodies seen running at once since {@link #reset()}. */
	static int maxRunning() {
		return maxRunning.get();
	}

}
