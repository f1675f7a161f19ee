package io.github.asynctask.benchmarks;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import net.greghaines.jesque.Job;

/**
 * Jesque in the {@code workload} scenario, set up as {@link JesqueSystem}: the order as a
 * JSON job argument, read back into an {@link Order} by the job (as a Jesque user maps
 * its arguments), a {@code WorkerPool} of one {@code WorkerImpl} per thread.
 */
final class JesqueWorkload implements WorkloadContender {

	static final String SETUP = "ClientPoolImpl (JedisPool of 32), Job(\"Order\", order, ioMillis) as JSON; WorkerPool "
			+ "of <threads> WorkerImpl; the job converts its map argument to Order with Jackson 2";

	private final JesqueClients jesque;

	JesqueWorkload(RedisTarget redis) {
		this.jesque = new JesqueClients(redis);
	}

	/** The order job, built by Jesque's job factory from its JSON arguments. */
	public static final class OrderJob implements Runnable {

		private static final ObjectMapper mapper = new ObjectMapper();

		private final Order order;

		private final long ioMillis;

		public OrderJob(Map<String, Object> order, Number ioMillis) {
			this.order = mapper.convertValue(order, Order.class);
			this.ioMillis = ioMillis.longValue();
		}

		@Override
		public void run() {
			OrderBody.run(this.order, this.ioMillis);
		}

	}

	@Override
	public void submit(Order order, long ioMillis) {
		this.jesque.client().enqueue(QUEUE, new Job("Order", order, ioMillis));
	}

	@Override
	public void startWorkers(List<String> queues, int concurrency) {
		this.jesque.startWorkers(List.of(QUEUE), concurrency, "Order", OrderJob.class);
	}

	@Override
	public void close() throws InterruptedException {
		this.jesque.close();
	}

}
