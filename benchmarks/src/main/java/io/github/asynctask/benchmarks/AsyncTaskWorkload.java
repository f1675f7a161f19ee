package io.github.asynctask.benchmarks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.AsyncTaskTemplate;
import org.jspecify.annotations.Nullable;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * async-task in the {@code workload} scenario, as {@link AsyncTaskSystem} runs it: a
 * submitting application and a worker application, both from the starter's
 * auto-configuration with defaults except the queue's concurrency and, for the virtual
 * variant, {@code async-task.worker.virtual-threads=true}.
 */
final class AsyncTaskWorkload implements WorkloadContender {

	static final String SETUP = "Spring Boot applications with async-task's auto-configuration (defaults), "
			+ "@AsyncTask OrderTasks.process(Order, long) through the proxy (Jackson JSON); workers: "
			+ "async-task.queues.bench.concurrency=<threads>, plus async-task.worker.virtual-threads=true in "
			+ "workload.virtual";

	private final RedisTarget redis;

	private final ConfigurableApplicationContext producer;

	private final OrderTasks tasks;

	private final AsyncTaskTemplate template;

	private @Nullable ConfigurableApplicationContext worker;

	AsyncTaskWorkload(RedisTarget redis) {
		this.redis = redis;
		this.producer = AsyncTaskSystem.application(redis, Map.of("async-task.worker.enabled", "false"),
				OrderTasks.class);
		this.tasks = this.producer.getBean(OrderTasks.class);
		this.template = this.producer.getBean(AsyncTaskTemplate.class);
	}

	@Override
	public void submit(Order order, long ioMillis) {
		this.tasks.process(order, ioMillis);
	}

	@Override
	public void startWorkers(List<String> queues, int concurrency) throws InterruptedException {
		startWorker(concurrency, false);
	}

	@Override
	public void startVirtualWorkers(int concurrency) throws InterruptedException {
		startWorker(concurrency, true);
	}

	private void startWorker(int concurrency, boolean virtualThreads) throws InterruptedException {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("async-task.queues." + QUEUE + ".concurrency", concurrency);
		properties.put("async-task.shutdown-timeout", "5s");
		if (virtualThreads) {
			properties.put("async-task.worker.virtual-threads", "true");
		}
		// paused while the worker boots, so booting is not the first tasks' cost
		this.template.pause(QUEUE);
		this.worker = AsyncTaskSystem.application(this.redis, properties, OrderTasks.class);
		try {
			Jit.settle();
		}
		finally {
			this.template.resume(QUEUE);
		}
	}

	@Override
	public void close() {
		if (this.worker != null) {
			this.worker.close();
		}
		this.producer.close();
	}

}
