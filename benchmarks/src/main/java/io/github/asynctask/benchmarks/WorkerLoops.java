package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.List;

/**
 * Threads that repeat one fetch-run-ack step until closed, sleeping a millisecond when
 * the step found nothing: the worker side of the broker-level and raw-Redis rows, which
 * have no runtime of their own.
 */
final class WorkerLoops implements AutoCloseable {

	/** One fetch-run-ack round; returns whether it found work. */
	@FunctionalInterface
	interface Step {

		boolean run() throws Exception;

	}

	private final List<Thread> threads = new ArrayList<>();

	// Written by close(), read by every loop.
	private volatile boolean running = true;

	WorkerLoops(String name, int count, Step step) {
		for (int i = 0; i < count; i++) {
			Thread thread = new Thread(() -> loop(step), name + "-" + i);
			thread.setDaemon(true);
			this.threads.add(thread);
			thread.start();
		}
	}

	private void loop(Step step) {
		while (this.running) {
			try {
				if (!step.run()) {
					Thread.sleep(1);
				}
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (Exception ex) {
				if (this.running) {
					System.err.println(Thread.currentThread().getName() + ": " + ex);
					sleepQuietly();
				}
			}
		}
	}

	private static void sleepQuietly() {
		try {
			Thread.sleep(100);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void close() throws InterruptedException {
		this.running = false;
		for (Thread thread : this.threads) {
			thread.join(5_000);
		}
	}

}
