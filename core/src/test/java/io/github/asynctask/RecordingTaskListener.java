package io.github.asynctask;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.asynctask.event.TaskListener;

/**
 * Records submit events for assertions.
 */
public class RecordingTaskListener implements TaskListener {

	public final List<String> submitted = new CopyOnWriteArrayList<>();

	public final List<String> deduplicated = new CopyOnWriteArrayList<>();

	public final List<Integer> resendBufferSizes = new CopyOnWriteArrayList<>();

	@Override
	public void submitted(String queue, String task) {
		this.submitted.add(queue + "/" + task);
	}

	@Override
	public void deduplicated(String queue, String task) {
		this.deduplicated.add(queue + "/" + task);
	}

	@Override
	public void resendBufferSize(int size) {
		this.resendBufferSizes.add(size);
	}

}
