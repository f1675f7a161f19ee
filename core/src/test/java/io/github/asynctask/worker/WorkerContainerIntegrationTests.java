package io.github.asynctask.worker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import io.github.asynctask.TaskState;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Containers against real Redis: fetching only for free threads, retries, dead letters,
 * timeouts, delays, interceptors and bad input; one wake-up per new task and periodic
 * work spread per queue.
 */
@ExtendWith(WorkerHarnessExtension.class)
class WorkerContainerIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final int IDLE_CONTAINERS = 20;

	private static final Duration SPREAD_LEASE = Duration.ofSeconds(30);

	private final AtomicInteger dequeues = new AtomicInteger();

	private final WorkerHarness harness;

	WorkerContainerIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
	}

	@Test
	void concurrencyFourNeverRunsMoreThanFourAndLeavesTheRestPendingWhileBusy() {
		// while all four are busy, several poll intervals pass without the instance
		// taking more
		this.harness.runTenOnFourThreads("b", Duration.ofMillis(800), WAIT, UnaryOperator.identity());
		for (int i = 0; i < 10; i++) {
			assertThat(this.harness.probe.completions("b" + i)).as("b" + i).isEqualTo(1);
		}
	}

	@Test
	void aFailingTaskRunsOncePlusMaxRetriesThenIsDeadWithTheLastError() {
		WorkerHarness.Events events = new WorkerHarness.Events();
		this.harness.start(WorkerHarness.settings(Map.of("q", 2)).build(), (b) -> b.listener(events));
		String id = this.harness.submit("fail", "f");
		await().atMost(WAIT).until(() -> this.harness.find(id).state() == TaskState.DEAD);
		assertThat(this.harness.probe.runs("f")).isEqualTo(3);
		assertThat(this.harness.find(id).attempts()).isEqualTo(3);
		assertThat(this.harness.find(id).lastError()).isEqualTo("java.lang.IllegalStateException: failure 3");
		await().atMost(WAIT).until(() -> events.dead.get() == 1);
		assertThat(events.retried.get()).isEqualTo(2);
		assertThat(events.failed.get()).isEqualTo(3);
	}

	@Test
	void aNonRetryableExceptionGoesToDeadAfterOneRun() {
		String id = this.harness.submit("reject", "r");
		this.harness.start(WorkerHarness.settings(Map.of("q", 2)).build());
		await().atMost(WAIT).until(() -> this.harness.find(id).state() == TaskState.DEAD);
		assertThat(this.harness.probe.runs("r")).isEqualTo(1);
		assertThat(this.harness.find(id).lastError()).contains("NonRetryableException: rejected r");
	}

	@Test
	void aTaskPastItsTimeoutIsInterruptedAndRetriedLater() {
		EnqueueRequest request = timed("sleep", "t", Duration.ofMillis(200), 30_000L);
		this.harness.broker.enqueue(request);
		this.harness.start(WorkerHarness.settings(Map.of("q", 1)).build(),
				(b) -> b.backoff(Backoffs.fixed(Duration.ofMinutes(10))));
		await().atMost(WAIT).until(() -> this.harness.find(request.id()).state() == TaskState.RETRY);
		assertThat(this.harness.probe.interrupted.get()).isEqualTo(1);
		assertThat(this.harness.find(request.id()).attempts()).isEqualTo(1);
		assertThat(this.harness.find(request.id()).lastError()).contains("TaskTimeoutException")
			.contains("ran longer than its timeout of PT0.2S");
	}

	@Test
	void aDelayedTaskDoesNotStartEarly() {
		this.harness.start(WorkerHarness.settings(Map.of("q", 1)).build());
		long before = System.currentTimeMillis();
		this.harness.broker.enqueue(this.harness.request("count", Map.of(), "later").withDelay(Duration.ofSeconds(1)));
		await().atMost(WAIT).until(() -> this.harness.probe.completions("later") == 1);
		assertThat(this.harness.probe.startedAt.get("later") - before).isGreaterThanOrEqualTo(1000);
	}

	@Test
	void interceptorsWrapRealRunsAndSeeTheSubmittedHeaders() {
		List<String> seen = new CopyOnWriteArrayList<>();
		this.harness.start(WorkerHarness.settings(Map.of("q", 1)).build(),
				(b) -> b.interceptors(List.of((execution, chain) -> {
					seen.add("first:" + execution.header("tenant") + ":" + execution.attempt());
					chain.proceed();
				}, (execution, chain) -> {
					seen.add("second:" + execution.name());
					chain.proceed();
				})));
		this.harness.submit("count", Map.of("tenant", "acme"), "h");
		await().atMost(WAIT).until(() -> this.harness.probe.completions("h") == 1);
		assertThat(seen).containsExactly("first:acme:1", "second:count");
	}

	@Test
	void anUnknownTaskNameOrUnreadableArgumentsGoToDeadWithTheReasonAndOthersStillRun() {
		String payload = this.harness.request("count", Map.of(), "x").payload();
		this.harness.broker.enqueue(EnqueueRequest.now("q", "unknown-1", "no.such.task", payload, 5));
		this.harness.broker.enqueue(EnqueueRequest.now("q", "garbled-1", "count", "{\"args\": 42}", 5));
		// an unknown name is handed back for another instance until the grace has passed
		this.harness.start(WorkerHarness.settings(Map.of("q", 1)).unknownTaskGrace(Duration.ofMillis(1)).build());
		String ok = this.harness.submit("count", "fine");
		await().atMost(WAIT).until(() -> this.harness.probe.completions("fine") == 1);
		await().atMost(WAIT)
			.until(() -> this.harness.find("unknown-1").state() == TaskState.DEAD
					&& this.harness.find("garbled-1").state() == TaskState.DEAD);
		assertThat(this.harness.find("unknown-1").lastError()).contains("defines a task named 'no.such.task'");
		assertThat(this.harness.find("garbled-1").lastError()).contains("Cannot read the arguments of task");
		assertThat(this.harness.find("garbled-1").attempts()).isEqualTo(1);
		assertThat(this.harness.broker.find("q", ok)).isEmpty();
	}

	@Test
	void errorsDoNotTakeThePoolDownAndAHungBodyHoldsOnlyItsOwnThread() {
		String overflow = this.harness.submit("overflow", "o");
		this.harness.start(WorkerHarness.settings(Map.of("q", 2)).build());
		await().atMost(WAIT).until(() -> this.harness.find(overflow).state() == TaskState.DEAD);
		assertThat(this.harness.find(overflow).lastError()).isEqualTo("java.lang.StackOverflowError: deep");
		// ignores its 100 ms timeout interrupt for a minute: it keeps its thread and its
		// lease, the other thread serves the queue
		String hung = this.harness.submit("hang", "h", 60_000L);
		await().atMost(WAIT).until(() -> this.harness.probe.runs("h") == 1);
		this.harness.submit("count", "after");
		await().atMost(WAIT).until(() -> this.harness.probe.completions("after") == 1);
		assertThat(this.harness.find(hung).state()).isEqualTo(TaskState.ACTIVE);
		assertThat(this.harness.probe.runs("h")).isEqualTo(1);
	}

	@Test
	void aPausedQueueIsNotFetchedUntilResumed() {
		this.harness.broker.pause("q");
		this.harness.start(WorkerHarness.settings(Map.of("q", 1)).build());
		String id = this.harness.submit("count", "p");
		await().during(Duration.ofMillis(600))
			.atMost(WAIT)
			.until(() -> this.harness.find(id).state() == TaskState.PENDING);
		this.harness.broker.resume("q");
		await().atMost(WAIT).until(() -> this.harness.probe.completions("p") == 1);
	}

	private EnqueueRequest timed(String method, String key, Duration timeout, Object... extra) {
		var definition = this.harness.registry.find(method).orElseThrow();
		Object[] args = new Object[1 + extra.length];
		args[0] = key;
		System.arraycopy(extra, 0, args, 1, extra.length);
		return EnqueueRequest.now("q", java.util.UUID.randomUUID().toString(), method,
				this.harness.codec.encode(definition, args, Map.of(), timeout), definition.maxRetries());
	}

	/**
	 * Issue 13 finding 8: a task submitted to an idle queue wakes one idle fetcher, not
	 * every idle fetcher of every instance.
	 */
	@Test
	void oneSubmitToTwentyIdleContainersRunsAtMostTwoDequeues() {
		// a poll far longer than the test, so every dequeue counted is caused by a
		// wake-up
		WorkerSettings settings = WorkerHarness.settings(Map.of("q", 2)).pollInterval(Duration.ofMinutes(5)).build();
		RedisBroker counting = countingDequeues(this.harness.broker);
		for (int i = 0; i < IDLE_CONTAINERS; i++) {
			this.harness.start(counting, settings, UnaryOperator.identity());
		}
		// each fetcher's first look finds the queue empty
		await().atMost(WAIT).until(() -> this.dequeues.get() >= IDLE_CONTAINERS);
		int before = this.dequeues.get();
		this.harness.submit("count", "one");
		await().atMost(WAIT).until(() -> this.harness.probe.completions("one") == 1);
		// every fetcher idle again, or the wake-up reached more than the one it needed
		await().atMost(WAIT).until(() -> blockedClients() >= IDLE_CONTAINERS || this.dequeues.get() - before > 2);
		assertThat(this.dequeues.get() - before).as("dequeue calls caused by one submit").isLessThanOrEqualTo(2);
	}

	private int blockedClients() {
		String info = this.harness.redis.cli("INFO", "clients");
		for (String line : info.split("\r?\n")) {
			if (line.startsWith("blocked_clients:")) {
				return Integer.parseInt(line.substring("blocked_clients:".length()).trim());
			}
		}
		throw new IllegalStateException("INFO clients has no blocked_clients line: " + info);
	}

	private RedisBroker countingDequeues(RedisBroker broker) {
		return (RedisBroker) Proxy.newProxyInstance(RedisBroker.class.getClassLoader(),
				new Class<?>[] { RedisBroker.class }, (proxy, method, args) -> {
					if (method.getName().equals("dequeue")) {
						this.dequeues.incrementAndGet();
					}
					try {
						return method.invoke(broker, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

	/**
	 * Issue 13 finding 9: periodic work of a queue is spread over the live instances
	 * serving that queue, not over the whole fleet; one heartbeat call counts them for
	 * all the instance's queues (issue 37).
	 */
	@Test
	void aQueueServedByTwoOfTwelveInstancesIsSpreadOverTwo() {
		for (int i = 0; i < 10; i++) {
			beat("b-" + i, Set.of("b"), new ClusterSpread());
		}
		beat("a-0", Set.of("a"), new ClusterSpread());
		ClusterSpread spread = new ClusterSpread();
		beat("a-1", Set.of("a"), spread);
		assertThat(spread.instances("a")).isEqualTo(2);
		beat("b-0", Set.of("b"), spread);
		assertThat(spread.instances("b")).isEqualTo(10);
	}

	@Test
	void instancesThatStoppedHeartbeatingOrUnmarkedThemselvesAreNotCounted() {
		this.harness.broker.fleet().heartbeat("gone", "{}", Duration.ofMillis(1), List.of("a"));
		this.harness.broker.fleet().heartbeat("stopped", "{}", SPREAD_LEASE, List.of("a"));
		this.harness.broker.fleet().heartbeat("stopped", "", Duration.ZERO, List.of("a"));
		ClusterSpread spread = new ClusterSpread();
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			beat("live", Set.of("a"), spread);
			assertThat(spread.instances("a")).isEqualTo(1);
		});
		assertThat(this.harness.redis.cli("ZCARD", this.harness.keys.servingInstances("a"))).isEqualTo("1");
	}

	/**
	 * Issue 37: in a fleet of a thousand the registration is refreshed every tenth
	 * heartbeat and lives ten leases, so the fleet sends about ten such calls a second.
	 */
	@Test
	void inAFleetOfAThousandTheRegistrationIsRefreshedEveryTenthHeartbeatAndLivesTenLeases() {
		String seen = this.harness.keys.instancesSeen();
		String[] others = new String[2 + 2 * 999];
		others[0] = "ZADD";
		others[1] = seen;
		for (int i = 0; i < 999; i++) {
			others[2 + 2 * i] = String.valueOf(System.currentTimeMillis() + 3_600_000);
			others[3 + 2 * i] = "other-" + i;
		}
		this.harness.redis.cli(others);
		Map<String, RunningTasks> running = Map.of("a", new RunningTasks());
		Heartbeat heartbeat = new Heartbeat(this.harness.broker, running, "big", () -> "{}", SPREAD_LEASE,
				SPREAD_LEASE.dividedBy(3), new ClusterSpread());
		heartbeat.run();
		assertThat(expiresInSeconds(seen, "big")).as("the first, before the fleet was counted").isBetween(25L, 30L);
		heartbeat.run();
		assertThat(expiresInSeconds(seen, "big")).as("once a thousand were counted").isBetween(295L, 300L);
		String paced = this.harness.redis.cli("ZSCORE", seen, "big");
		for (int beat = 0; beat < 9; beat++) {
			heartbeat.run();
		}
		assertThat(this.harness.redis.cli("ZSCORE", seen, "big")).as("not refreshed by the next nine heartbeats")
			.isEqualTo(paced);
		await().atMost(Duration.ofSeconds(5))
			.until(() -> System.currentTimeMillis() > Double.parseDouble(paced) - 299_000);
		heartbeat.run();
		assertThat(Double.parseDouble(this.harness.redis.cli("ZSCORE", seen, "big"))).as("refreshed by the tenth")
			.isGreaterThan(Double.parseDouble(paced));
	}

	private long expiresInSeconds(String seen, String instanceId) {
		long at = (long) Double.parseDouble(this.harness.redis.cli("ZSCORE", seen, instanceId));
		return (at - System.currentTimeMillis()) / 1000;
	}

	private void beat(String instanceId, Set<String> queues, ClusterSpread spread) {
		Map<String, RunningTasks> running = new LinkedHashMap<>();
		queues.forEach((queue) -> running.put(queue, new RunningTasks()));
		new Heartbeat(this.harness.broker, running, instanceId, () -> "{}", SPREAD_LEASE, SPREAD_LEASE.dividedBy(3),
				spread)
			.run();
	}

}
