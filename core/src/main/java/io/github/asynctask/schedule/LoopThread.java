package io.github.asynctask.schedule;

import org.jspecify.annotations.Nullable;

/**
 * The one named daemon thread of a schedule loop: started and stopped with its lifecycle,
 * sleeping between rounds in a pause that a stop or a wake-up ends early.
 */
final class LoopThread {

	private final String name;

	/** Guarded by this. */
	private @Nullable Thread thread;

	/** Guarded by this. */
	private boolean running;

	/** Guarded by this: a wake-up asked for the next round at once. */
	private boolean woken;

	LoopThread(String name) {
		this.name = name;
	}

	/** Mark running; {@code false} when it already was. */
	synchronized boolean begin() {
		if (this.running) {
			return false;
		}
		this.running = true;
		this.woken = false;
		return true;
	}

	/** Run the loop body on the thread (after {@link #begin}). */
	synchronized void spawn(Runnable body) {
		Thread thread = new Thread(body, this.name);
		thread.setDaemon(true);
		this.thread = thread;
		thread.start();
	}

	/** Stop the loop and wait a little for its thread to end. */
	void stop() {
		Thread thread;
		synchronized (this) {
			this.running = false;
			thread = this.thread;
			this.thread = null;
			notifyAll();
		}
		if (thread != null) {
			thread.interrupt();
			try {
				thread.join(5_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	synchronized boolean isRunning() {
		return this.running;
	}

	/** End the current pause, or the next one, at once. */
	synchronized void wake() {
		this.woken = true;
		notifyAll();
	}

	/** Sleep up to {@code millis} unless stopped or woken. */
	synchronized void pause(long millis) {
		if (this.running && !this.woken) {
			try {
				wait(millis);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				this.running = false;
			}
		}
		this.woken = false;
	}

}
