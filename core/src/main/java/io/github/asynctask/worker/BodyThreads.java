package io.github.asynctask.worker;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.core.task.VirtualThreadTaskExecutor;

/**
 * Where the task bodies of one queue run: a private pool of named platform threads, or a
 * new virtual thread per body. Either way the queue's {@link Permits} bound how many run
 * at once (the fetcher takes only free permits), so virtual threads change what a waiting
 * body costs, not how many tasks this instance holds.
 */
enum BodyThreads {

	/** A pool of platform threads, as many as the permits. */
	PLATFORM,

	/**
	 * One virtual thread per body (Java 21+; see {@link VirtualThreads}). Spring's
	 * {@link VirtualThreadTaskExecutor} makes them, so the build stays on release 17.
	 */
	VIRTUAL;

	/**
	 * The executor of queue (or pool) {@code name}; threads are
	 * {@code asynctask-<name>-<n>}.
	 */
	ThreadPoolExecutor executor(String name, int concurrency) {
		AtomicInteger counter = new AtomicInteger();
		if (this == VIRTUAL) {
			ThreadFactory virtual = new VirtualThreadTaskExecutor().getVirtualThreadFactory();
			// no core threads and no keep-alive: each body gets a fresh virtual thread,
			// which ends with it (pooling virtual threads would only add hand-offs)
			return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 0, TimeUnit.SECONDS, new SynchronousQueue<>(),
					(runnable) -> named(virtual.newThread(runnable), name, counter));
		}
		// one thread per permit; a delivery fetched on a permit whose thread is still on
		// its way back waits in the queue for it (a hung body keeps both, see Watchdog)
		return new ThreadPoolExecutor(concurrency, concurrency, 60, TimeUnit.SECONDS, new ChainWakeQueue(),
				(runnable) -> {
					Thread thread = named(new Thread(runnable), name, counter);
					thread.setDaemon(false);
					return thread;
				});
	}

	private static Thread named(Thread thread, String name, AtomicInteger counter) {
		thread.setName("asynctask-" + name + "-" + counter.incrementAndGet());
		return thread;
	}

}
