package io.github.asynctask.reliability;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.test.RedisCluster;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 14: "ship after pay" across two queues on different masters of a 3-master
 * cluster. Two worker JVMs serve the awaited queue and halt (as {@code kill -9} would)
 * right after marking a payment done, with its waiting shipment owed a release but not
 * yet released ({@link HaltAfterFlowMark}), once each; a supervisor restarts them. A
 * third JVM, never halted, serves the shipments. Every shipment runs exactly once, after
 * its payment's body ended.
 */
class FlowCrashIntegrationTests {

	private static final int PAIRS = 300;

	@Test
	void workerHaltedBetweenMarkAndReleaseStillReleasesEveryWaiterOnceAfterItsAwaitedTask() throws Exception {
		Path dir = Files.createTempDirectory("asynctask-reliability-flows-");
		List<WorkerJvm> workers = Collections.synchronizedList(new ArrayList<>());
		List<LedgerChecker.Fault> faults = new ArrayList<>();
		try (RedisCluster cluster = RedisCluster.start(3)) {
			String seeds = String.join(",", cluster.hostPorts());
			assertThat(cluster.masterFor(Rig.PREFIX + ":{" + FlowTasks.PAY_QUEUE + "}:x").port())
				.as("the two queues live on different masters")
				.isNotEqualTo(cluster.masterFor(Rig.PREFIX + ":{" + FlowTasks.SHIP_QUEUE + "}:x").port());
			List<CompletableFuture<WorkerJvm>> starting = new ArrayList<>();
			for (int i = 1; i <= 2; i++) {
				WorkerJvm.Options payer = options(seeds).with("disabledQueues", FlowTasks.SHIP_QUEUE)
					.with("haltAfterFlowMark", "25")
					.with("flowHalts", "1");
				String name = "payer-" + i;
				starting.add(CompletableFuture.supplyAsync(() -> WorkerJvm.start(name, dir, payer)));
			}
			WorkerJvm.Options shipper = options(seeds).with("disabledQueues", FlowTasks.PAY_QUEUE);
			starting.add(CompletableFuture.supplyAsync(() -> WorkerJvm.start("shipper", dir, shipper)));
			for (CompletableFuture<WorkerJvm> worker : starting) {
				workers.add(worker.join());
			}
			Map<String, String> args = Map.of("cluster", seeds, "prefix", Rig.PREFIX, "flows", "true");
			try (Producer producer = new Producer(args, dir.resolve("producer.ledger"));
					Supervisor supervisor = new Supervisor(workers, faults)) {
				FlowTasks flows = producer.context.getBean(FlowTasks.class);
				Map<String, String> shipOf = new LinkedHashMap<>();
				Map<String, String> payOf = new LinkedHashMap<>();
				long submitStart = System.currentTimeMillis();
				for (int i = 0; i < PAIRS; i++) {
					String key = "order-" + i;
					TaskReceipt ship = producer.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(),
							() -> flows.ship(key));
					assertThat(ship.status()).as("shipment submitted before its payment waits")
						.isEqualTo(TaskReceipt.Status.WAITING);
					shipOf.put(key, ship.taskId());
				}
				for (int i = 0; i < PAIRS; i++) {
					String key = "order-" + i;
					payOf.put(key,
							producer
								.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(), () -> flows.pay(key, 40))
								.taskId());
				}
				WorkerJvm shipping = workers.get(2);
				await().atMost(Duration.ofSeconds(90))
					.pollInterval(Duration.ofMillis(200))
					.until(() -> LedgerChecker.records(shipping, "END").size() >= PAIRS);
				// a late second release would show up as a second run
				WorkerCrashIntegrationTests.sleep(Duration.ofSeconds(3));
				long doneAt = System.currentTimeMillis();

				Map<String, List<Long>> shipStarts = new LinkedHashMap<>();
				Map<String, Long> firstPayEnd = new LinkedHashMap<>();
				Set<String> halted = new TreeSet<>();
				List<Long> haltTimes = new ArrayList<>();
				for (WorkerJvm worker : workers) {
					for (String[] start : LedgerChecker.records(worker, "START")) {
						shipStarts.computeIfAbsent(start[2], (id) -> new ArrayList<>()).add(Long.parseLong(start[1]));
					}
					for (String[] end : LedgerChecker.records(worker, "END")) {
						if (end[4].equals("OK")) {
							firstPayEnd.merge(end[2], Long.parseLong(end[1]), Math::min);
						}
					}
					for (String[] halt : LedgerChecker.records(worker, "HALT")) {
						haltTimes.add(Long.parseLong(halt[1]));
						for (int i = 2; i < halt.length; i++) {
							halted.add(halt[i]);
						}
					}
				}
				List<String> notOnce = new ArrayList<>();
				List<String> beforeItsPayment = new ArrayList<>();
				long slowestHaltedRelease = 0;
				for (Map.Entry<String, String> pair : shipOf.entrySet()) {
					String shipId = pair.getValue();
					List<Long> starts = shipStarts.getOrDefault(shipId, List.of());
					if (starts.size() != 1) {
						notOnce.add(pair.getKey() + " ran " + starts.size() + "x");
						continue;
					}
					Long payEnd = firstPayEnd.get(payOf.get(pair.getKey()));
					if (payEnd == null || starts.get(0) < payEnd) {
						beforeItsPayment.add(pair.getKey());
					}
					if (halted.contains(shipId)) {
						long start = starts.get(0);
						long halt = haltTimes.stream()
							.filter((at) -> at <= start)
							.mapToLong(Long::longValue)
							.max()
							.orElse(start);
						slowestHaltedRelease = Math.max(slowestHaltedRelease, start - halt);
					}
				}
				LedgerChecker.Verdict verdict;
				synchronized (faults) {
					verdict = LedgerChecker.check(workers, producer.expected(), List.copyOf(faults));
				}
				Set<String> shipIds = Set.copyOf(shipOf.values());
				Map<String, Object> figures = new LinkedHashMap<>();
				figures.put("pairs", PAIRS);
				figures.put("halts", haltTimes.size());
				figures.put("restarts", supervisor.restarts());
				figures.put("shipmentsLeftOwedByHalts", halted.size());
				figures.put("shipmentsNotRunOnce", notOnce.size());
				figures.put("shipmentsBeforeTheirPayment", beforeItsPayment.size());
				figures.put("slowestReleaseAfterHaltMs", slowestHaltedRelease);
				figures.put("paymentsRunTwice", verdict.duplicated().size());
				figures.put("allShippedAfterMs", doneAt - submitStart - 3000);
				System.out.println("RESULT " + JsonMapper.shared()
					.writeValueAsString(Map.of("scenario", "14-flow-halt-between-mark-and-release", "verdict",
							verdict.figures(), "figures", figures)));

				assertThat(haltTimes).as("payer JVMs halted between mark and release").hasSizeGreaterThanOrEqualTo(2);
				assertThat(halted).as("each halt left shipments owed").isNotEmpty();
				assertThat(notOnce).as("every shipment released and run exactly once").isEmpty();
				assertThat(beforeItsPayment).as("no shipment started before its payment's body ended").isEmpty();
				assertThat(verdict.lost()).isEmpty();
				assertThat(verdict.unexpected()).isEmpty();
				assertThat(verdict.duplicated()).as("only payments a halt caught ran twice")
					.doesNotContainAnyElementsOf(shipIds);
				assertThat(verdict.duplicatesAllowed()).isTrue();
			}
		}
		finally {
			workers.forEach(WorkerJvm::close);
		}
	}

	private static WorkerJvm.Options options(String seeds) {
		return WorkerJvm.Options.fast("unused:0", Rig.PREFIX).with("cluster", seeds).with("flows", "true");
	}

}
