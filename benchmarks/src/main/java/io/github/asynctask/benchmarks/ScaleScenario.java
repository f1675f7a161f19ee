package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisServer;

import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code scale} (only when asked for by name, async-task only): one queue sharded over a
 * local Redis Cluster of 1, 2, 3 and 6 masters, four shards per master (and, first, one
 * master with the queue unsharded), drained by 16 workers. Reports the wall-clock rate
 * and what each task cost Redis: CPU summed over the masters, and on the busiest master.
 * On one 2-core machine the masters share the cores, so the wall-clock rate cannot grow
 * with them; the CPU per task, flat as masters are added, is what scales on machines of
 * their own: tasks/s ≈ masters / CPU per task. To say why that CPU moves it also reports,
 * summed over the masters, calls per task of each command ({@code INFO commandstats}:
 * {@code evalsha} is every script call, {@code del} one per dequeue script), tasks per
 * script call, socket reads per task and script calls per read ({@code INFO stats}), the
 * masters' CPU with nothing to do, and a last control row: six masters with the queue
 * unsharded on one of them.
 */
final class ScaleScenario implements Scenario {

	static final int[] MASTERS = { 1, 2, 3, 6 };

	/**
	 * Shards per master: slots spread shards unevenly (two of four shards may share a
	 * master), more of them even that out; the ratio stays the same as masters grow, so
	 * the cost per task compares like with like. A first row has one master and one
	 * shard: the unsharded queue.
	 */
	static final int SHARDS_PER_MASTER = 4;

	private static final int WORKERS = 16;

	@Override
	public String name() {
		return "scale";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		boolean asked = runner.options().scenarios().stream().anyMatch((name) -> name.startsWith("scale"));
		if (!asked || !system.name().equals("async-task")) {
			return;
		}
		run(system, runner, "scale.unsharded", 1, 1);
		for (int masters : MASTERS) {
			run(system, runner, "scale.masters" + masters, masters, masters * SHARDS_PER_MASTER);
		}
		// control: six masters, the queue unsharded on one of them; what the other
		// masters'
		// mere presence (cluster bus, sharing the cores) costs a task
		run(system, runner, "scale.masters6unsharded", 6, 1);
	}

	private void run(SystemUnderTest system, Runner runner, String scenario, int masters, int shards) {
		if (!runner.options().wantsScenario(scenario)) {
			return;
		}
		int n = runner.options().n();
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("n", n);
		params.put("masters", masters);
		params.put("shards", shards);
		params.put("workers", WORKERS);
		params.put("warmupN", n);
		try (RedisCluster cluster = RedisCluster.start(masters)) {
			params.put("shardsByMaster", shardsByMaster(cluster, shards));
			runner.report().result(system, scenario, params, measure(cluster, masters, shards, n, runner.options()));
		}
		catch (Exception ex) {
			runner.report().failure(system, scenario, params, ex);
		}
	}

	private static Map<String, List<Double>> measure(RedisCluster cluster, int masters, int shards, int n,
			Options options) throws Exception {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("spring.data.redis.cluster.nodes", String.join(",", cluster.hostPorts()));
		properties.put("async-task.queues." + Contender.QUEUE + ".shards", shards);
		Map<String, Object> producerProperties = new LinkedHashMap<>(properties);
		producerProperties.put("async-task.worker.enabled", "false");
		properties.put("async-task.queues." + Contender.QUEUE + ".concurrency", WORKERS);
		properties.put("async-task.shutdown-timeout", "5s");
		Map<String, List<Double>> runs = new LinkedHashMap<>();
		try (ConfigurableApplicationContext producer = start(producerProperties)) {
			AsyncTaskTemplate template = producer.getBean(AsyncTaskTemplate.class);
			template.pause(Contender.QUEUE);
			try (ConfigurableApplicationContext worker = start(properties)) {
				for (int rep = 0; rep < options.warmups() + options.reps(); rep++) {
					Map<String, Double> figures = once(cluster, masters, n, producer, template);
					if (rep >= options.warmups()) {
						figures.forEach(
								(name, value) -> runs.computeIfAbsent(name, (key) -> new ArrayList<>()).add(value));
					}
				}
			}
		}
		return runs;
	}

	/** Fill n tasks while the queue is paused, then drain them with the CPU counted. */
	private static Map<String, Double> once(RedisCluster cluster, int masters, int n,
			ConfigurableApplicationContext producer, AsyncTaskTemplate template) throws Exception {
		NoopTasks tasks = producer.getBean(NoopTasks.class);
		TransactionTemplate transactions = producer.getBean(TransactionTemplate.class);
		template.pause(Contender.QUEUE);
		for (int i = 0; i < n; i += Producers.BATCH) {
			int from = i;
			transactions.executeWithoutResult((status) -> {
				for (int j = from; j < Math.min(n, from + Producers.BATCH); j++) {
					tasks.noop(TaskArg.of(System.nanoTime()));
				}
			});
		}
		Jit.settle();
		Probe.reset(n, false);
		double[] before = cpu(cluster, masters);
		Map<String, Long> callsBefore = calls(cluster, masters);
		long[] ioBefore = readsAndWrites(cluster, masters);
		template.resume(Contender.QUEUE);
		if (!Probe.await(Math.max(60_000, n * 2L))) {
			throw new IllegalStateException("Only " + Probe.started() + " of " + n + " tasks started");
		}
		double[] after = cpu(cluster, masters);
		Map<String, Long> callsAfter = calls(cluster, masters);
		long[] ioAfter = readsAndWrites(cluster, masters);
		double drainSeconds = (Probe.lastNanos() - Probe.firstNanos()) / 1e9;
		double idle = idleCpuSeconds(cluster, masters);
		double total = 0;
		double busiest = 0;
		for (int i = 0; i < masters; i++) {
			double used = after[i] - before[i];
			total += used;
			busiest = Math.max(busiest, used);
		}
		Map<String, Double> figures = new LinkedHashMap<>();
		figures.put("tasksPerSec", Producers.perSecond(n - 1, Probe.lastNanos() - Probe.firstNanos()));
		figures.put("redisCpuMicrosPerTask", round(total * 1e6 / n));
		figures.put("redisCpuMicrosPerTaskPerMaster", round(total * 1e6 / n / masters));
		figures.put("busiestMasterCpuMicrosPerTask", round(busiest * 1e6 / n));
		figures.put("drainSeconds", Math.round(drainSeconds * 100) / 100.0);
		// what the masters burn with nothing to do (cluster bus, cron, idle fetchers),
		// per second over all of them, and the CPU per task without it
		figures.put("idleCpuMillisPerSecond", round(idle * 1e3 / IDLE_WINDOW_SECONDS));
		figures.put("redisCpuMicrosPerTaskLessIdle",
				round((total - idle / IDLE_WINDOW_SECONDS * drainSeconds) * 1e6 / n));
		callsAfter.forEach((command, count) -> {
			long used = count - callsBefore.getOrDefault(command, 0L);
			if (used > 0) {
				figures.put("callsPerTask." + command, Math.round(used * 1000.0 / n) / 1000.0);
			}
		});
		long scripts = callsAfter.getOrDefault("evalsha", 0L) - callsBefore.getOrDefault("evalsha", 0L);
		figures.put("socketReadsPerTask", Math.round((ioAfter[0] - ioBefore[0]) * 1000.0 / n) / 1000.0);
		figures.put("socketWritesPerTask", Math.round((ioAfter[1] - ioBefore[1]) * 1000.0 / n) / 1000.0);
		figures.put("scriptCallsPerSocketRead",
				Math.round((callsAfter.getOrDefault("evalsha", 0L) - callsBefore.getOrDefault("evalsha", 0L)) * 100.0
						/ Math.max(1, ioAfter[0] - ioBefore[0])) / 100.0);
		figures.put("tasksPerScriptCall", round(scripts == 0 ? 0 : (double) n / scripts));
		return figures;
	}

	private static double[] cpu(RedisCluster cluster, int masters) {
		double[] seconds = new double[masters];
		List<RedisServer> nodes = cluster.nodes();
		for (int i = 0; i < masters; i++) {
			seconds[i] = new RedisTarget(nodes.get(i)).cpuSeconds();
		}
		return seconds;
	}

	private static final long IDLE_WINDOW_SECONDS = 2;

	/** CPU all masters use in {@link #IDLE_WINDOW_SECONDS} with the queue drained. */
	private static double idleCpuSeconds(RedisCluster cluster, int masters) throws InterruptedException {
		double[] start = cpu(cluster, masters);
		Thread.sleep(IDLE_WINDOW_SECONDS * 1000);
		double[] end = cpu(cluster, masters);
		double used = 0;
		for (int i = 0; i < masters; i++) {
			used += end[i] - start[i];
		}
		return used;
	}

	/** Socket reads and writes, summed over the masters. */
	private static long[] readsAndWrites(RedisCluster cluster, int masters) {
		long[] total = new long[2];
		List<RedisServer> nodes = cluster.nodes();
		for (int i = 0; i < masters; i++) {
			long[] each = new RedisTarget(nodes.get(i)).readsAndWrites();
			total[0] += each[0];
			total[1] += each[1];
		}
		return total;
	}

	/** Calls by command, summed over the masters. */
	private static Map<String, Long> calls(RedisCluster cluster, int masters) {
		Map<String, Long> calls = new TreeMap<>();
		List<RedisServer> nodes = cluster.nodes();
		for (int i = 0; i < masters; i++) {
			new RedisTarget(nodes.get(i)).commandCallsByName()
				.forEach((command, count) -> calls.merge(command, count, Long::sum));
		}
		return calls;
	}

	private static Map<String, Integer> shardsByMaster(RedisCluster cluster, int shards) {
		Map<String, Integer> byMaster = new TreeMap<>();
		RedisKeys keys = new RedisKeys("asynctask");
		for (int i = 0; i < shards; i++) {
			RedisServer master = cluster.masterFor(keys.pending(RedisKeys.shard(Contender.QUEUE, i)));
			byMaster.merge(Integer.toString(master.port()), 1, Integer::sum);
		}
		return byMaster;
	}

	private static double round(double value) {
		return Math.round(value * 10) / 10.0;
	}

	private static ConfigurableApplicationContext start(Map<String, Object> properties) {
		return new SpringApplicationBuilder(AsyncTaskStackConfiguration.class).web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.properties(properties)
			.run();
	}

}
