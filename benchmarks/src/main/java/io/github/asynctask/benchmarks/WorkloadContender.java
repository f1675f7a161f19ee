package io.github.asynctask.benchmarks;

/**
 * A system opened for the {@code workload} scenario: submits {@link Order}s whose body is
 * {@link OrderBody}, and starts workers on platform threads ({@link #startWorkers}) or,
 * where the system has them, on virtual threads.
 */
interface WorkloadContender extends Contender {

	/** Submit one order task to {@link #QUEUE} whose body waits {@code ioMillis}. */
	void submit(Order order, long ioMillis) throws Exception;

	@Override
	default void submit(String arg) {
		throw new UnsupportedOperationException("the workload scenario submits orders");
	}

	/**
	 * Start workers on {@link #QUEUE} that run each body on a virtual thread, at most
	 * {@code concurrency} at once.
	 * @throws UnsupportedOperationException if the system has no virtual-thread workers
	 */
	default void startVirtualWorkers(int concurrency) throws Exception {
		throw new UnsupportedOperationException("no virtual-thread workers");
	}

}
