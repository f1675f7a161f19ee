package io.github.asynctask.schedule;

import org.springframework.context.SmartLifecycle;

/**
 * The lifecycle both schedule loops share: a {@link LoopThread} stopped with the context,
 * and a phase after the worker containers, so ticks find workers ready.
 */
abstract class ScheduleLoop implements SmartLifecycle {

	final LoopThread thread;

	ScheduleLoop(String threadName) {
		this.thread = new LoopThread(threadName);
	}

	@Override
	public void stop() {
		this.thread.stop();
	}

	@Override
	public final boolean isRunning() {
		return this.thread.isRunning();
	}

	@Override
	public final int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 512;
	}

}
