package io.github.asynctask.benchmarks;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.autoconfigure.console.TaskBrowser;
import io.github.asynctask.redis.store.BulkActions;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.store.RedisHistory;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.shard.ShardLayout;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.redis.store.TaskPages;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * {@code console}: the console's page calls on a big queue, 10 x {@code --memory-tasks}
 * pending (1,000,000 by default), a tenth as many scheduled and as many dead. For each
 * list the first, a middle and the last page of 50 (newest first) is read 20 times
 * through {@link TaskBrowser#page} (the console API minus HTTP: the registry check, the
 * page script and the parsing of each row), and a search by bizId among them; figures are
 * the median milliseconds per call. Redis's SLOWLOG is reset after loading and counts the
 * commands above 10 ms during the calls and a bulk retry of every dead task in chunks
 * ({@code bulkRetryDeadUsPerTask}), counted apart ({@code slowlogOver10msPages},
 * {@code slowlogOver10msBulk}); both should be 0 on a machine that is not overloaded.
 * Redis's own time per chunk script ({@code bulkChunkMeanUs}, {@code bulkChunkUsPerTask},
 * {@code bulkChunkP99Us}, {@code bulkChunkP999Us}) tells a chunk's cost apart from CPU
 * waits. The dead tasks are also spread over 4 shards of another queue and paged the same
 * way ({@code deadSharded4*Ms}: a page asks each shard). async-task only.
 */
final class ConsoleScenario implements Scenario {

	private static final String QUEUE = "console";

	/** The dead tasks again, over {@value #SHARDS} shards of this queue. */
	private static final String SHARDED = "console-sharded";

	private static final int SHARDS = 4;

	private static final int PAGE = 50;

	private static final int CALLS = 20;

	private static final int CHUNK = 20_000;

	/**
	 * Loads tasks the way the scripts store them; a fixed text, never built from values.
	 */
	private static final String SEED = """
			local tasks, payloads, set = KEYS[1], KEYS[2], KEYS[3]
			local kind, from, count, now = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
			local payload = '{"v":1,"args":["' .. string.rep('x', 100) .. '"],"h":{}}'
			for i = from, from + count - 1 do
			  local id = 'b-' .. kind .. '-' .. i
			  local meta = '{"v":2,"n":"bench.task","s":"' .. kind .. '","m":3,"c":' .. now .. '}'
			  if kind == 'd' then
			    meta = '{"v":2,"n":"bench.task","s":"d","a":4,"m":3,"c":' .. now .. ',"t":' .. now
			      .. ',"e":"java.lang.IllegalStateException: boom"}'
			  end
			  redis.call('HSET', tasks, id, meta)
			  redis.call('HSET', payloads, id, payload)
			  if kind == 'p' then
			    redis.call('LPUSH', set, id)
			  elseif kind == 's' then
			    redis.call('ZADD', set, now + 3600000 + i, id)
			  else
			    redis.call('ZADD', set, now - i, id)
			  end
			end
			return count
			""";

	@Override
	public String name() {
		return "console";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		int pending = runner.options().memoryTasks() * 10;
		int others = pending / 10;
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("pending", pending);
		params.put("scheduled", others);
		params.put("dead", others);
		params.put("pageSize", PAGE);
		params.put("callsPerFigure", CALLS);
		if (!"async-task".equals(system.name())) {
			runner.report().notApplicable(system, "console", params, "the console is async-task's own");
			return;
		}
		runner.measure(system, "console", params, (contender, warmup) -> {
			LettuceConnectionFactory factory = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration(runner.redis().host(), runner.redis().port()));
			factory.afterPropertiesSet();
			try {
				return measure(runner, factory, warmup ? pending / 10 : pending, warmup ? others / 10 : others);
			}
			finally {
				factory.destroy();
			}
		});
	}

	private static Map<String, Double> measure(Runner runner, LettuceConnectionFactory factory, int pending,
			int others) {
		RedisKeys keys = new RedisKeys("asynctask");
		LuaRedisBroker broker = new LuaRedisBroker(factory, keys);
		broker.registerQueues(List.of(QUEUE));
		long now = System.currentTimeMillis();
		try (RedisConnection connection = factory.getConnection()) {
			seed(connection, keys, QUEUE, keys.pending(QUEUE), "p", pending, now);
			seed(connection, keys, QUEUE, keys.scheduled(QUEUE), "s", others, now);
			seed(connection, keys, QUEUE, keys.dead(QUEUE), "d", others, now);
			for (String shard : new ShardLayout(Map.of(SHARDED, SHARDS), List::of).configuredShards(SHARDED)) {
				seed(connection, keys, shard, keys.dead(shard), "d", others / SHARDS, now);
			}
			connection.stringCommands()
				.set(bytes(keys.unique(QUEUE, "bench.task", "order-42")), bytes("b-d-" + (others / 2)));
		}
		TaskBrowser browser = new TaskBrowser(broker, new TaskPages(factory, keys, Duration.ofSeconds(5)),
				new RedisHistory(factory, keys, Duration.ofSeconds(5)), () -> List.of("bench.task"), true);
		runner.redis().server().cli("CONFIG", "SET", "slowlog-log-slower-than", "10000");
		runner.redis().server().cli("SLOWLOG", "RESET");
		Map<String, Double> figures = new LinkedHashMap<>();
		for (String state : List.of("pending", "scheduled", "dead")) {
			long total = "pending".equals(state) ? pending : others;
			figures.put(state + "FirstMs", median(() -> browser.page(QUEUE, state, "newest", 0, PAGE)));
			figures.put(state + "MiddleMs", median(() -> browser.page(QUEUE, state, "newest", total / 2, PAGE)));
			figures.put(state + "LastMs", median(() -> browser.page(QUEUE, state, "newest", total - PAGE, PAGE)));
		}
		// a page of a sharded queue asks each shard (TaskBrowser lists them one after
		// another)
		ShardedRedisBroker sharded = new ShardedRedisBroker(broker, Map.of(SHARDED, SHARDS));
		sharded.registerQueues(List.of(SHARDED));
		TaskBrowser shardedBrowser = new TaskBrowser(sharded, new TaskPages(factory, keys, Duration.ofSeconds(5)),
				new RedisHistory(factory, keys, Duration.ofSeconds(5)), () -> List.of("bench.task"), true);
		long shardedTotal = others / SHARDS * SHARDS;
		figures.put("deadSharded4FirstMs", median(() -> shardedBrowser.page(SHARDED, "dead", "newest", 0, PAGE)));
		figures.put("deadSharded4MiddleMs",
				median(() -> shardedBrowser.page(SHARDED, "dead", "newest", shardedTotal / 2, PAGE)));
		figures.put("deadSharded4LastMs",
				median(() -> shardedBrowser.page(SHARDED, "dead", "newest", shardedTotal - PAGE, PAGE)));
		figures.put("searchBizIdMs", median(() -> {
			if (browser.search("order-42", null, null).matches().size() != 1) {
				throw new IllegalStateException("the bizId search did not find the one task");
			}
		}));
		figures.put("slowlogOver10msPages", slowlog(runner));
		runner.redis().server().cli("SLOWLOG", "RESET");
		runner.redis().server().cli("CONFIG", "RESETSTAT");
		BulkActions bulk = new BulkActions(factory, keys, Duration.ofSeconds(5));
		long start = System.nanoTime();
		BulkActions.Outcome retried = bulk.apply(QUEUE, "dead", true, null, others / BulkActions.CHUNK + 2);
		if (retried.acted() != others) {
			throw new IllegalStateException("bulk retry moved " + retried.acted() + " of " + others + " dead tasks");
		}
		figures.put("bulkRetryDeadUsPerTask", (System.nanoTime() - start) / 1e3 / others);
		figures.put("slowlogOver10msBulk", slowlog(runner));
		scriptTime(runner, figures);
		System.out.println("SLOWLOG " + runner.redis().server().cli("SLOWLOG", "GET", "3").replace('\n', ' '));
		return figures;
	}

	/**
	 * Redis's own time per chunk script call during the bulk retry (INFO commandstats and
	 * latencystats of EVALSHA, reset before it): the chunk's cost, apart from waiting for
	 * a CPU or the client's round trips.
	 */
	private static void scriptTime(Runner runner, Map<String, Double> figures) {
		String stats = runner.redis().server().cli("INFO", "commandstats");
		String latency = runner.redis().server().cli("INFO", "latencystats");
		for (String line : (stats + "\n" + latency).split("\r?\n")) {
			if (line.startsWith("cmdstat_evalsha:")) {
				double calls = field(line, "calls=");
				figures.put("bulkChunkCalls", calls);
				figures.put("bulkChunkMeanUs", field(line, "usec_per_call="));
				figures.put("bulkChunkUsPerTask", field(line, "usec_per_call=") / BulkActions.CHUNK);
			}
			if (line.startsWith("latency_percentiles_usec_evalsha:")) {
				figures.put("bulkChunkP99Us", field(line, "p99="));
				figures.put("bulkChunkP999Us", field(line, "p99.9="));
			}
		}
	}

	private static double field(String line, String name) {
		int at = line.indexOf(name) + name.length();
		int end = line.indexOf(',', at);
		return Double.parseDouble(line.substring(at, (end < 0) ? line.length() : end).strip());
	}

	private static double slowlog(Runner runner) {
		return Double.parseDouble(runner.redis().server().cli("SLOWLOG", "LEN").strip());
	}

	private static void seed(RedisConnection connection, RedisKeys keys, String queue, String set, String kind,
			int count, long now) {
		for (int from = 0; from < count; from += CHUNK) {
			int size = Math.min(CHUNK, count - from);
			connection.scriptingCommands()
				.eval(bytes(SEED), ReturnType.INTEGER, 3, bytes(keys.tasks(queue)), bytes(keys.payloads(queue)),
						bytes(set), bytes(kind), bytes(Integer.toString(from)), bytes(Integer.toString(size)),
						bytes(Long.toString(now)));
		}
	}

	private static double median(Runnable call) {
		return Stats.medianMillis(CALLS, call);
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
