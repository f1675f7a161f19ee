package io.github.asynctask.testing;

/**
 * What {@link AutoConfigureAsyncTask} does with the tasks a test submits.
 */
public enum AsyncTaskTestMode {

	/**
	 * Record every submit in {@link AsyncTaskRecorder}, run nothing, open no Redis
	 * connection: the mode of every test that chooses none. Arguments go through the
	 * application's codec both ways at the call, and one read back different from the
	 * value passed fails the test; submits inside a transaction are recorded after its
	 * commit, never on rollback.
	 */
	RECORD,

	/**
	 * Record as {@link #RECORD} does, and run each task body on the calling thread at
	 * once (or right after the commit, outside the committed transaction), without
	 * retries. A failing body fails the test: it is rethrown as an
	 * {@link AssertionError}.
	 */
	INLINE,

	/**
	 * Change nothing: tasks go to the application's Redis and its workers run them;
	 * {@link AsyncTaskTestSupport} waits until a queue is drained.
	 */
	REDIS

}
