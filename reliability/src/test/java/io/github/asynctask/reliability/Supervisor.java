package io.github.asynctask.reliability;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Restarts worker JVMs that died on their own (a body halted the JVM), recording each
 * death as a kill fault, as a process supervisor (systemd, Kubernetes) would.
 */
final class Supervisor implements AutoCloseable {

	private final List<WorkerJvm> workers;

	private final List<LedgerChecker.Fault> faults;

	private final Thread thread;

	private final AtomicInteger restarts = new AtomicInteger();

	private volatile boolean running = true;

	Supervisor(Rig rig) {
		this(rig.workers, rig.faults);
	}

	/** Watches these workers, adding each death to {@code faults} (guarded by it). */
	Supervisor(List<WorkerJvm> workers, List<LedgerChecker.Fault> faults) {
		this.workers = workers;
		this.faults = faults;
		this.thread = new Thread(this::watch, "supervisor");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	/** JVMs that died and were (or are being) restarted. */
	int restarts() {
		return this.restarts.get();
	}

	private void watch() {
		while (this.running) {
			for (WorkerJvm worker : this.workers) {
				if (this.running && !worker.isAlive()) {
					synchronized (this.faults) {
						this.faults.add(new LedgerChecker.Fault(worker.name(), System.currentTimeMillis(), "kill"));
					}
					this.restarts.incrementAndGet();
					try {
						worker.start();
					}
					catch (IllegalStateException ex) {
						// halted again before it was ready (a crashing task fetched at
						// once on
						// start-up): the next round sees it dead and restarts it
					}
				}
			}
			try {
				Thread.sleep(100);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	@Override
	public void close() {
		// a restart under way is let finish, so no JVM is left half started
		this.running = false;
		try {
			this.thread.join(60_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
