package io.github.asynctask.benchmarks;

import java.io.Serializable;
import java.util.List;

import org.redisson.api.RExecutorService;

/**
 * Redisson in the {@code workload} scenario, set up as {@link RedissonSystem}: an
 * {@link OrderTask} carrying the order (Redisson's default codec) submitted to an
 * {@code RExecutorService}, workers on a second client.
 */
final class RedissonWorkload implements WorkloadContender {

	static final String SETUP = "RExecutorService.submit(OrderTask) from a producer client (default codec); worker "
			+ "client registerWorkers(workers(<threads>))";

	private final RedissonClients redisson;

	private final RExecutorService executor;

	RedissonWorkload(RedisTarget redis) {
		this.redisson = new RedissonClients(redis);
		this.executor = this.redisson.executor(QUEUE);
	}

	/** The order task; Redisson ships its class and state to the workers. */
	public static final class OrderTask implements Runnable, Serializable {

		private static final long serialVersionUID = 1L;

		private Order order;

		private long ioMillis;

		public OrderTask() {
			this.order = Order.sample(0);
		}

		OrderTask(Order order, long ioMillis) {
			this.order = order;
			this.ioMillis = ioMillis;
		}

		@Override
		public void run() {
			OrderBody.run(this.order, this.ioMillis);
		}

	}

	@Override
	public void submit(Order order, long ioMillis) {
		this.executor.submit(new OrderTask(order, ioMillis));
	}

	@Override
	public void startWorkers(List<String> queues, int concurrency) {
		this.redisson.startWorkers(List.of(QUEUE), concurrency);
	}

	@Override
	public void close() {
		this.redisson.close();
	}

}
