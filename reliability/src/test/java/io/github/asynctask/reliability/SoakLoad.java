package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;

import org.springframework.transaction.support.TransactionTemplate;

/**
 * The soak's submitting application: one thread calling every kind of task in an order
 * drawn from the seed, through the current {@link Producer} (replaced when the shard
 * count changes), and remembering what each call must lead to: the ids expected to
 * succeed, what each dependent waits for, each tenant's tasks, each future's value.
 */
final class SoakLoad implements AutoCloseable {

	/** What the calls must lead to, read by {@link SoakChecker}. */
	final Expectations expect = new Expectations();

	private final Random random;

	private final Thread thread;

	private final List<Producer> producers = new ArrayList<>();

	private volatile Producer producer;

	private volatile boolean running = true;

	private volatile boolean paused;

	private volatile boolean idle;

	private int sequence;

	private final long startedAt = System.nanoTime();

	private int limitedSubmitted;

	/** How far back a fan-in looks: work tasks are about half of all submits. */
	private static final int RECENT_WORKS = 2_000;

	/**
	 * Work tasks' keys and ids, newest last: fan-ins wait for old ones, re-sends repeat
	 * them.
	 */
	private final List<String[]> works = new ArrayList<>();

	/** The index in {@link #works} of the current producer's first work call. */
	private int generationStart;

	SoakLoad(Producer producer, long seed) {
		this.producer = producer;
		this.producers.add(producer);
		this.random = new Random(seed);
		this.thread = new Thread(this::run, "soak-load");
		this.thread.start();
	}

	/**
	 * Submit through this producer from now on (a new shard count). Switched between two
	 * calls: a work call under way through the old producer was otherwise listed as the
	 * new one's, and a fan-in then named it to an instance that never submitted it (seed
	 * 7 and the 30-minute run of seed 20261128 had such refused fan-ins).
	 */
	void switchTo(Producer next) {
		pause();
		try {
			synchronized (this.works) {
				this.generationStart = this.works.size();
			}
			this.producers.add(next);
			this.producer = next;
		}
		finally {
			resume();
		}
	}

	/** Stop submitting until {@link #resume()}; returns once no submit is under way. */
	void pause() {
		this.paused = true;
		while (!this.idle && this.thread.isAlive()) {
			sleep(5);
		}
	}

	void resume() {
		this.paused = false;
	}

	/**
	 * Submit each of the oldest {@code count} work calls again with the same bizId; every
	 * answer must be {@code DUPLICATE}. Returns the answers that were not.
	 */
	List<String> resendOldWork(int count) {
		List<String[]> old;
		synchronized (this.works) {
			old = List.copyOf(this.works.subList(0, Math.min(count, this.works.size())));
		}
		List<String> accepted = new ArrayList<>();
		for (String[] work : old) {
			try {
				TaskReceipt receipt = this.producer.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(),
						() -> tasks().work(work[0]));
				if (receipt.status() != TaskReceipt.Status.DUPLICATE) {
					accepted.add(work[0] + "->" + receipt.taskId() + " " + receipt.status());
				}
			}
			catch (RuntimeException ex) {
				// not acknowledged: nothing to check
			}
		}
		this.expect.resent.addAndGet(old.size());
		return accepted;
	}

	private void run() {
		while (this.running) {
			if (this.paused) {
				this.idle = true;
				sleep(5);
				continue;
			}
			this.idle = false;
			try {
				step(this.random.nextInt(100));
			}
			catch (RuntimeException ex) {
				this.expect.failures.computeIfAbsent(ex.getClass().getSimpleName(), (k) -> new AtomicInteger())
					.incrementAndGet();
				this.expect.firstFailures.putIfAbsent(ex.getClass().getSimpleName(), String.valueOf(ex.getMessage()));
			}
			sleep(10);
		}
		this.idle = true;
	}

	private void step(int dice) {
		String key = "k" + (++this.sequence);
		if (dice < 30) {
			work(key);
		}
		else if (dice < 38) {
			// a burst: the rate limit has something to hold back
			int burst = this.random.nextInt(8) + 1;
			if (!limitedWithinPace(burst)) {
				work(key);
				return;
			}
			for (int i = 0; i < burst; i++) {
				submit(SoakTasks.LIMITED, () -> tasks().limited(key));
				this.limitedSubmitted++;
			}
		}
		else if (dice < 52) {
			String tenant = "t" + this.random.nextInt(3);
			String id = submit(SoakTasks.KEYED, () -> tasks().keyed(tenant, key));
			this.expect.tenants.put(id, tenant);
			this.expect.generations.put(id, this.producers.size() - 1);
		}
		else if (dice < 62) {
			flow(key);
		}
		else if (dice < 70) {
			fanIn(key);
		}
		else if (dice < 84) {
			String id = submit(SoakTasks.COMPUTE, () -> tasks().compute(key));
			this.expect.futures.put(id, this.producer.template.result(id, String.class));
			this.expect.values.put(id, key.toUpperCase(java.util.Locale.ROOT));
		}
		else {
			committed(key);
		}
	}

	/**
	 * Whether a burst of this size keeps the rate-limited queue's submits, over the run,
	 * under 80% of its rate plus a backlog of 30: bursts still meet the limit, yet the
	 * backlog stays bounded, so that the queue drains within seconds of the load's end in
	 * a run of any length (unpaced, a quarter of the tasks went to it, about twice its
	 * rate: a backlog of 660 after the short run's minute, which took a minute to drain,
	 * and of some 18,000 after 30 minutes).
	 */
	private boolean limitedWithinPace(int burst) {
		double seconds = (System.nanoTime() - this.startedAt) / 1e9;
		return this.limitedSubmitted + burst <= SoakTasks.RATE * 0.8 * seconds + 30;
	}

	private void work(String key) {
		String id = submit(SoakTasks.WORK, () -> tasks().work(key));
		synchronized (this.works) {
			this.works.add(new String[] { key, id });
		}
	}

	/** Pay and ship of one key, submitted in either order. */
	private void flow(String key) {
		if (this.random.nextBoolean()) {
			String pay = submit(SoakTasks.PAY, () -> tasks().pay(key));
			String ship = submit(SoakTasks.SHIP, () -> tasks().ship(key));
			this.expect.after.put(ship, List.of(pay));
		}
		else {
			String ship = submit(SoakTasks.SHIP, () -> tasks().ship(key));
			String pay = submit(SoakTasks.PAY, () -> tasks().pay(key));
			this.expect.after.put(ship, List.of(pay));
		}
	}

	/**
	 * A join after a new work task and an older one (often completed already) that the
	 * current producer submitted: a completed task whose data is gone can be awaited only
	 * from the instance that submitted it, among its last 10,000 submits
	 * (docs/flows-and-results.md), and the producer before a shard change is another
	 * instance.
	 */
	private void fanIn(String key) {
		String[] older;
		synchronized (this.works) {
			// within the producer's last 10,000 receipts (work tasks are about half of
			// the
			// submits): older ids whose data is gone are refused, as documented
			int first = Math.max(this.generationStart, this.works.size() - RECENT_WORKS);
			if (first >= this.works.size()) {
				return;
			}
			older = this.works.get(first + this.random.nextInt(this.works.size() - first));
		}
		String fresh = submit(SoakTasks.WORK, () -> tasks().work(key));
		String join = this.producer
			.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults().after(older[1], fresh),
					() -> tasks().join(key))
			.taskId();
		this.expect.names.put(join, SoakTasks.JOIN);
		this.expect.after.put(join, List.of(older[1], fresh));
	}

	/** A call in a database transaction, through the outbox when the producer has one. */
	private void committed(String key) {
		TransactionTemplate transactions = this.producer.context.getBeanProvider(TransactionTemplate.class)
			.getIfAvailable();
		if (transactions == null) {
			work(key);
			return;
		}
		String id = transactions.execute((status) -> submit(SoakTasks.WORK, () -> tasks().work(key)));
		this.expect.committed.add(id);
	}

	private String submit(String name, Runnable call) {
		String id = this.producer.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(), call).taskId();
		this.expect.names.put(id, name);
		return id;
	}

	private SoakTasks tasks() {
		return this.producer.context.getBean(SoakTasks.class);
	}

	/** Every producer's expectations together. */
	Map<String, LedgerChecker.Expect> expected() {
		Map<String, LedgerChecker.Expect> all = new java.util.HashMap<>();
		this.producers.forEach((each) -> all.putAll(each.expected()));
		return all;
	}

	/** Stop submitting and wait for the thread. */
	void stop() {
		this.running = false;
		try {
			this.thread.join(Duration.ofSeconds(30).toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void close() {
		stop();
		this.producers.forEach(Producer::close);
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** What the load's calls must lead to. */
	static final class Expectations {

		/** Task name by id, for every id the load was given. */
		final Map<String, String> names = new ConcurrentHashMap<>();

		/** A dependent's id to the ids it runs after. */
		final Map<String, List<String>> after = new ConcurrentHashMap<>();

		/** A keyed task's id to its tenant. */
		final Map<String, String> tenants = new ConcurrentHashMap<>();

		/** Futures of tasks that return a value, by id, and the values they must give. */
		final Map<String, CompletableFuture<String>> futures = new ConcurrentHashMap<>();

		final Map<String, String> values = new ConcurrentHashMap<>();

		/** Ids submitted inside a committed transaction. */
		final List<String> committed = java.util.Collections.synchronizedList(new ArrayList<>());

		/** Submits that threw, by exception (not acknowledged, so not expected). */
		final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();

		/** The first message of each kind of failure, for the report. */
		final Map<String, String> firstFailures = new ConcurrentHashMap<>();

		/**
		 * The producer generation (0 before the shard change, 1 after) of each keyed
		 * task.
		 */
		final Map<String, Integer> generations = new ConcurrentHashMap<>();

		final AtomicInteger resent = new AtomicInteger();

	}

}
