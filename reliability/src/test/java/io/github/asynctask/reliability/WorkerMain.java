package io.github.asynctask.reliability;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import io.github.asynctask.redis.LuaRedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.RedisWakeSignals;
import io.github.asynctask.worker.Backoffs;
import io.github.asynctask.worker.WorkerContainer;
import io.github.asynctask.worker.WorkerContainerBuilder;
import io.github.asynctask.worker.WorkerSettings;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * One worker instance in a JVM of its own, started by {@link WorkerJvm}. Arguments are
 * {@code key=value} pairs (see {@link WorkerJvm.Options}); SIGTERM runs the graceful stop
 * from a shutdown hook, as a Spring context closing on SIGTERM would.
 */
public final class WorkerMain {

	private WorkerMain() {
	}

	public static void main(String[] args) throws InterruptedException {
		Map<String, String> options = new HashMap<>();
		Arrays.stream(args).map((arg) -> arg.split("=", 2)).forEach((kv) -> options.put(kv[0], kv[1]));
		LettuceConnectionFactory connections = connections(options);
		connections.afterPropertiesSet();
		connections.start();
		RedisKeys keys = new RedisKeys(options.get("prefix"));
		Ledger ledger = new Ledger(Path.of(options.get("ledger")));
		LedgerBroker broker = new LedgerBroker(new LuaRedisBroker(connections, keys), ledger);
		WorkerSettings settings = WorkerSettings
			.builder(Map.of(TaskCatalog.QUEUE, Integer.parseInt(options.get("concurrency"))))
			.lease(millis(options, "lease"))
			.heartbeatInterval(millis(options, "heartbeat"))
			.pollInterval(millis(options, "poll"))
			.recoverInterval(millis(options, "recover"))
			.shutdownTimeout(millis(options, "shutdown"))
			.build();
		WorkerContainer container = new WorkerContainerBuilder(broker, new RedisWakeSignals(connections, keys),
				new TaskCatalog(), new TaskCatalog.Codec(), new TaskCatalog.DirectInvoker(), settings)
			.backoff(Backoffs.fixed(Duration.ofMillis(200)))
			.interceptors(List.of(new LedgerInterceptor(ledger, broker)))
			.instanceId(options.get("name") + "-" + ProcessHandle.current().pid())
			.build();
		CountDownLatch stopped = new CountDownLatch(1);
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			System.out.println("STOPPING " + ProcessHandle.current().pid());
			container.stop();
			connections.destroy();
			ledger.close();
			System.out.println("STOPPED " + ProcessHandle.current().pid());
			stopped.countDown();
		}, "reliability-shutdown"));
		container.start();
		System.out.println(WorkerJvm.READY + " " + ProcessHandle.current().pid());
		stopped.await();
	}

	private static LettuceConnectionFactory connections(Map<String, String> options) {
		String password = options.get("password");
		String user = options.get("user");
		if (options.containsKey("cluster")) {
			RedisClusterConfiguration cluster = new RedisClusterConfiguration(
					List.of(options.get("cluster").split(",")));
			if (password != null) {
				cluster.setPassword(password);
				cluster.setUsername(user);
			}
			return new LettuceConnectionFactory(cluster);
		}
		String[] hostPort = options.get("redis").split(":");
		RedisStandaloneConfiguration standalone = new RedisStandaloneConfiguration(hostPort[0],
				Integer.parseInt(hostPort[1]));
		if (password != null) {
			standalone.setPassword(password);
			standalone.setUsername(user);
		}
		return new LettuceConnectionFactory(standalone);
	}

	private static Duration millis(Map<String, String> options, String key) {
		return Duration.ofMillis(Long.parseLong(options.get(key)));
	}

}
