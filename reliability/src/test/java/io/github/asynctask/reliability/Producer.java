package io.github.asynctask.reliability;

import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * The submitting application, in the test JVM: the library's submit side (proxy,
 * template, submitter) without workers. Records what each submit was told, in memory and
 * in its own ledger.
 */
final class Producer implements AutoCloseable {

	final AnnotationConfigApplicationContext context;

	final ReliabilityTasks tasks;

	final AsyncTaskTemplate template;

	private final Ledger ledger;

	/** What each acknowledged submit should end as. */
	private final Map<String, LedgerChecker.Expect> expected = new ConcurrentHashMap<>();

	Producer(Map<String, String> args, Path ledger) {
		Map<String, String> all = new java.util.HashMap<>(args);
		all.put("ledger", ledger.toString());
		this.context = ReliabilityConfiguration.context(all);
		this.tasks = this.context.getBean(ReliabilityTasks.class);
		this.template = this.context.getBean(AsyncTaskTemplate.class);
		this.ledger = this.context.getBean(Ledger.class);
	}

	RedisBroker broker() {
		return this.context.getBean(RedisBroker.class);
	}

	/** Submit one call of a task method; returns the receipt once Redis answered. */
	TaskReceipt submit(LedgerChecker.Expect expect, TaskOptions options, Runnable call) {
		try {
			TaskReceipt receipt = this.template.submit(options, call);
			this.ledger.record("SUBMIT", receipt.taskId(), receipt.status());
			if (receipt.status() != TaskReceipt.Status.DUPLICATE) {
				this.expected.put(receipt.taskId(), expect);
			}
			return receipt;
		}
		catch (RuntimeException ex) {
			this.ledger.record("SUBMIT", "-", "FAILED:" + ex.getClass().getSimpleName());
			throw ex;
		}
	}

	/** Work of {@code millis} that must succeed exactly once; returns the id. */
	String work(long millis) {
		return submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(), () -> this.tasks.work("w", millis))
			.taskId();
	}

	/**
	 * Submit work with an id of our own through the broker, sending the same request
	 * again until Redis answers, as an at-least-once producer does; returns the id.
	 * @param outcomes counts each answer and failure by name
	 */
	String workResent(long millis, Map<String, java.util.concurrent.atomic.AtomicInteger> outcomes) {
		return workResent(millis, outcomes, (ex) -> {
		});
	}

	/**
	 * As {@link #workResent(long, Map)}, also handing each failure to {@code failures}.
	 */
	String workResent(long millis, Map<String, java.util.concurrent.atomic.AtomicInteger> outcomes,
			java.util.function.Consumer<RuntimeException> failures) {
		TaskDefinition definition = this.context.getBean(TaskRegistry.class).find(ReliabilityTasks.WORK).orElseThrow();
		String payload = this.context.getBean(TaskCodec.class)
			.encode(definition, new Object[] { "w", millis }, Map.of(), null);
		EnqueueRequest request = EnqueueRequest.now(ReliabilityTasks.QUEUE, UUID.randomUUID().toString(),
				definition.name(), payload, definition.maxRetries());
		this.expected.put(request.id(), LedgerChecker.Expect.SUCCESS);
		RedisBroker broker = broker();
		while (true) {
			try {
				EnqueueResult result = broker.enqueue(request);
				outcomes
					.computeIfAbsent(result.outcome().name(), (k) -> new java.util.concurrent.atomic.AtomicInteger())
					.incrementAndGet();
				this.ledger.record("SUBMIT", request.id(), result.outcome());
				return request.id();
			}
			catch (RuntimeException ex) {
				failures.accept(ex);
				outcomes
					.computeIfAbsent(ex.getClass().getSimpleName(),
							(k) -> new java.util.concurrent.atomic.AtomicInteger())
					.incrementAndGet();
			}
		}
	}

	/** Expect this id (written by hand or submitted elsewhere) to end so. */
	void expect(String id, LedgerChecker.Expect expect) {
		this.expected.put(id, expect);
	}

	Map<String, LedgerChecker.Expect> expected() {
		return Map.copyOf(this.expected);
	}

	@Override
	public void close() {
		this.context.close();
	}

}
