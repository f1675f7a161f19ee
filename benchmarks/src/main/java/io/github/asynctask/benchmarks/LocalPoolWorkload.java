package io.github.asynctask.benchmarks;

import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import org.springframework.core.task.VirtualThreadTaskExecutor;

/**
 * The same order body on a local {@link ThreadPoolExecutor}, no Redis and no
 * serialization: what the body itself costs. Orders submitted before the workers start
 * wait in the pool's queue, which the threads then drain.
 */
final class LocalPoolWorkload implements WorkloadContender {

	static final String SETUP = "ThreadPoolExecutor(<threads>, <threads>, LinkedBlockingQueue) of platform threads, "
			+ "or of virtual threads (Spring's VirtualThreadTaskExecutor factory) in workload.virtual; the Order object "
			+ "itself, no serialization";

	private final LinkedBlockingQueue<Runnable> backlog = new LinkedBlockingQueue<>();

	private volatile @Nullable ThreadPoolExecutor pool;

	@Override
	public void submit(Order order, long ioMillis) {
		Runnable body = () -> OrderBody.run(order, ioMillis);
		ThreadPoolExecutor running = this.pool;
		if (running != null) {
			running.execute(body);
		}
		else {
			this.backlog.add(body);
		}
	}

	@Override
	public void startWorkers(List<String> queues, int concurrency) {
		start(concurrency, Thread::new);
	}

	@Override
	public void startVirtualWorkers(int concurrency) {
		start(concurrency, new VirtualThreadTaskExecutor("bench-virtual-").getVirtualThreadFactory());
	}

	private void start(int concurrency, ThreadFactory threads) {
		ThreadPoolExecutor started = new ThreadPoolExecutor(concurrency, concurrency, 0, TimeUnit.MILLISECONDS,
				this.backlog, threads);
		started.prestartAllCoreThreads();
		this.pool = started;
	}

	@Override
	public void close() throws InterruptedException {
		ThreadPoolExecutor running = this.pool;
		if (running != null) {
			running.shutdownNow();
			running.awaitTermination(5, TimeUnit.SECONDS);
		}
	}

}
