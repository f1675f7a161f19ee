package io.github.asynctask.worker;

import java.time.Instant;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.Delivery;
import org.junit.jupiter.api.Test;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * One attempt on a body thread: a delivery that shutdown handed back while it waited in
 * the hand-off for a thread runs no body and reports nothing (another delivery runs it).
 */
class TaskRunTests {

	@Test
	void aDeliveryHandedBackBeforeItsThreadCameRunsNoBodyAndReportsNothing() {
		Invoker invoker = mock(Invoker.class);
		Completion completion = mock(Completion.class);
		TaskListener listener = mock(TaskListener.class);
		QueueWorker worker = mock(QueueWorker.class);
		RunningTask task = new RunningTask(new Delivery("q", "x", "t", 7, 1, 3, "[]", Instant.now()),
				System.nanoTime());
		task.markHandedBack();
		new TaskRun.Factory(invoker, completion, listener, BodyThreads.PLATFORM).create(task, worker).run();
		verifyNoInteractions(invoker, completion, listener, worker);
	}

}
