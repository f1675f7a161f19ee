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
 * their own: tasks/s ≈ masters / CPU per task.
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
		template.resume(Contender.QUEUE);
		if (!Probe.await(Math.max(60_000, n * 2L))) {
			throw new IllegalStateException("Only " + Probe.started() + " of " + n + " tasks started");
		}
		double[] after = cpu(cluster, masters);
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
