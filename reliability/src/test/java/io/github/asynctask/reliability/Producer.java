package io.github.asynctask.reliability;

import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;

/**
 * Submits tasks straight through the broker from the test JVM and records what each
 * submit was told, in memory and in its own ledger.
 */
final class Producer implements AutoCloseable {

	private final RedisBroker broker;

	private final TaskCatalog catalog = new TaskCatalog();

	private final TaskCatalog.Codec codec = new TaskCatalog.Codec();

	private final Ledger ledger;

	/** What each acknowledged submit should end as. */
	private final Map<String, LedgerChecker.Expect> expected = new ConcurrentHashMap<>();

	Producer(RedisBroker broker, Path ledger) {
		this.broker = broker;
		this.ledger = new Ledger(ledger);
	}

	/** Submit {@code name(args...)}; returns the id once Redis acknowledged it. */
	String submit(String name, LedgerChecker.Expect expect, Object... args) {
		TaskDefinition definition = this.catalog.definition(name);
		String id = UUID.randomUUID().toString();
		EnqueueRequest request = EnqueueRequest.now(TaskCatalog.QUEUE, id, name,
				this.codec.encode(definition, args, Map.of(), null), definition.maxRetries());
		try {
			EnqueueResult result = this.broker.enqueue(request);
			this.ledger.record("SUBMIT", id, result.outcome());
			this.expected.put(id, expect);
			return id;
		}
		catch (RuntimeException ex) {
			this.ledger.record("SUBMIT", id, "FAILED:" + ex.getClass().getSimpleName());
			throw ex;
		}
	}

	/** Work of {@code millis} that must succeed exactly once. */
	String work(long millis) {
		return submit(TaskCatalog.WORK, LedgerChecker.Expect.SUCCESS, "w", millis);
	}

	/** Mark an id written by hand as expected in dead. */
	void expectDead(String id) {
		this.expected.put(id, LedgerChecker.Expect.DEAD);
	}

	Map<String, LedgerChecker.Expect> expected() {
		return Map.copyOf(this.expected);
	}

	@Override
	public void close() {
		this.ledger.close();
	}

}
