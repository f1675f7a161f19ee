package io.github.asynctask.reliability;

import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.event.TaskListener;

/**
 * What the re-send buffer reports through {@link TaskListener#resendBufferSize(int)} (the
 * metric an application alerts on): the size now and the largest seen.
 */
final class ResendSizes implements TaskListener {

	private final AtomicInteger current = new AtomicInteger();

	private final AtomicInteger max = new AtomicInteger();

	@Override
	public void resendBufferSize(int size) {
		this.current.set(size);
		this.max.accumulateAndGet(size, Math::max);
	}

	int current() {
		return this.current.get();
	}

	int max() {
		return this.max.get();
	}

}
