package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import net.greghaines.jesque.Config;
import net.greghaines.jesque.ConfigBuilder;
import net.greghaines.jesque.Job;
import net.greghaines.jesque.client.ClientPoolImpl;
import net.greghaines.jesque.utils.PoolUtils;
import net.greghaines.jesque.worker.MapBasedJobFactory;
import net.greghaines.jesque.worker.WorkerImpl;
import net.greghaines.jesque.worker.WorkerPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.Pool;

/**
 * Jesque in the {@code workload} scenario, set up as {@link JesqueSystem}: the order as a
 * JSON job argument, read back into an {@link Order} by the job (as a Jesque user maps
 * its arguments), a {@code WorkerPool} of one {@code WorkerImpl} per thread.
 */
final class JesqueWorkload implements WorkloadContender {

	static final String SETUP = "ClientPoolImpl (JedisPool of 32), Job(\"Order\", order, ioMillis) as JSON; WorkerPool "
			+ "of <threads> WorkerImpl; the job converts its map argument to Order with Jackson 2";

	private final Config config;

	private final Pool<Jedis> pool;

	private final ClientPoolImpl client;

	private final List<WorkerPool> workers = new ArrayList<>();

	JesqueWorkload(RedisTarget redis) {
		this.config = new ConfigBuilder().withHost(redis.host()).withPort(redis.port()).build();
		GenericObjectPoolConfig<Jedis> poolConfig = new GenericObjectPoolConfig<>();
		poolConfig.setMaxTotal(32);
		poolConfig.setMaxIdle(32);
		this.pool = PoolUtils.createJedisPool(this.config, poolConfig);
		this.client = new ClientPoolImpl(this.config, this.pool);
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
		this.client.enqueue(QUEUE, new Job("Order", order, ioMillis));
	}

	@Override
	public void startWorkers(List<String> queues, int concurrency) {
		MapBasedJobFactory jobs = new MapBasedJobFactory(Map.of("Order", OrderJob.class));
		WorkerPool workerPool = new WorkerPool(() -> new WorkerImpl(this.config, List.of(QUEUE), jobs), concurrency);
		workerPool.run();
		this.workers.add(workerPool);
	}

	@Override
	public void close() throws InterruptedException {
		for (WorkerPool workerPool : this.workers) {
			workerPool.end(true);
		}
		for (WorkerPool workerPool : this.workers) {
			workerPool.join(5_000);
		}
		this.client.end();
		this.pool.close();
	}

}
