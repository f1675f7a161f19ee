package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop send schedule: submit i is due at {@code start + i / rate}, whichever
 * sender thread takes it, and carries its due time as the task's reference. A slow submit
 * delays the sends after it, which then count from when they were due, instead of
 * thinning the schedule (no coordinated omission): the latency of a task is measured from
 * when the load asked for it, not from when a busy client got round to it.
 */
final class OpenLoop {

	/** A moment for the sender threads to start before the first send is due. */
	private static final long LEAD_NANOS = 2_000_000;

	private OpenLoop() {
	}

	/**
	 * Send {@code count} submits at {@code ratePerSec} from {@code threads} threads.
	 * @return how late each send left after its due time, in nanoseconds, sorted
	 */
	static long[] send(Contender contender, double ratePerSec, int count, int threads) throws Exception {
		double period = 1e9 / ratePerSec;
		AtomicInteger next = new AtomicInteger();
		long[] late = new long[count];
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			long start = System.nanoTime() + LEAD_NANOS;
			List<Future<?>> senders = new ArrayList<>(threads);
			for (int t = 0; t < threads; t++) {
				senders.add(pool.submit(() -> {
					for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
						long due = start + (long) (i * period);
						for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
							LockSupport.parkNanos(wait);
						}
						late[i] = System.nanoTime() - due;
						contender.submit(TaskArg.of(due));
					}
					return null;
				}));
			}
			for (Future<?> sender : senders) {
				sender.get();
			}
		}
		finally {
			pool.shutdownNow();
		}
		Arrays.sort(late);
		return late;
	}

}
