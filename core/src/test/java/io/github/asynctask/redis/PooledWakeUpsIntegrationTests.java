package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisServer;
import io.lettuce.core.api.StatefulConnection;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettucePoolingClientConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Idle fetchers with Lettuce's connection pool on (Spring Boot turns it on whenever
 * commons-pool2 is on the classpath): each fetcher holds its {@code BLPOP} connection for
 * as long as it runs, so those connections must not come from the pool, or an instance
 * with more queues than the pool's max-active would leave the fetchers beyond it blocked
 * forever, and the application's own Redis calls would find the pool empty.
 */
@ExtendWith(OutputCaptureExtension.class)
class PooledWakeUpsIntegrationTests extends BrokerIntegrationTestSupport {

	private static final int POOL_SIZE = 2;

	private static final int QUEUES = 5;

	private LettuceConnectionFactory pooled;

	private RedisWakeSignals signals;

	private final ExecutorService fetchers = Executors.newFixedThreadPool(QUEUES);

	@BeforeEach
	void pooledFactory() {
		RedisServer redis = fixture.redis;
		this.pooled = new LettuceConnectionFactory(new RedisStandaloneConfiguration(redis.host(), redis.port()),
				LettucePoolingClientConfiguration.builder().poolConfig(poolConfig()).build());
		this.pooled.afterPropertiesSet();
		this.pooled.start();
		this.signals = new RedisWakeSignals(this.pooled, this.keys);
	}

	@AfterEach
	void close() {
		this.fetchers.shutdownNow();
		this.signals.close();
		this.pooled.destroy();
	}

	@Test
	void moreIdleFetchersThanThePoolHoldsAllWaitAndAllWakeUp() {
		List<PendingWait> waits = new ArrayList<>();
		List<CompletableFuture<Boolean>> woken = new ArrayList<>();
		for (int i = 0; i < QUEUES; i++) {
			PendingWait wait = this.signals.pendingWait("q" + i);
			waits.add(wait);
			woken.add(CompletableFuture.supplyAsync(() -> wait.await(Duration.ofSeconds(20)), this.fetchers));
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> blockedClients() == QUEUES);
		for (int i = 0; i < QUEUES; i++) {
			fixture.redis.cli("RPUSH", this.keys.wake("q" + i), "1");
		}
		assertThat(woken).allSatisfy((future) -> assertThat(future.join()).isTrue());
		// and the pool is still there for everybody else
		try (var connection = this.pooled.getConnection()) {
			assertThat(connection.ping()).isEqualTo("PONG");
		}
		waits.forEach(PendingWait::close);
	}

	@Test
	void stoppingABlockedWaitClosesItsConnectionOnceAndQuietly(CapturedOutput output) {
		PendingWait wait = this.signals.pendingWait("q");
		CompletableFuture<Boolean> woken = CompletableFuture.supplyAsync(() -> wait.await(Duration.ofSeconds(20)),
				this.fetchers);
		await().atMost(Duration.ofSeconds(10)).until(() -> blockedClients() == 1);
		wait.close();
		assertThat(woken.join()).isFalse();
		await().atMost(Duration.ofSeconds(10)).until(() -> blockedClients() == 0);
		assertThat(output).doesNotContain("Connection is already closed");
	}

	@Test
	void onAClusterToo() {
		try (RedisCluster cluster = RedisCluster.start(3)) {
			LettuceConnectionFactory clustered = new LettuceConnectionFactory(
					new RedisClusterConfiguration(cluster.hostPorts()),
					LettucePoolingClientConfiguration.builder().poolConfig(poolConfig()).build());
			clustered.afterPropertiesSet();
			clustered.start();
			RedisWakeSignals onCluster = new RedisWakeSignals(clustered, this.keys);
			List<PendingWait> waits = new ArrayList<>();
			try {
				List<CompletableFuture<Boolean>> woken = new ArrayList<>();
				for (int i = 0; i < QUEUES; i++) {
					PendingWait wait = onCluster.pendingWait("q" + i);
					waits.add(wait);
					woken.add(CompletableFuture.supplyAsync(() -> wait.await(Duration.ofSeconds(20)), this.fetchers));
				}
				await().atMost(Duration.ofSeconds(10))
					.until(() -> cluster.nodes()
						.stream()
						.mapToLong(PooledWakeUpsIntegrationTests::blockedClients)
						.sum() == QUEUES);
				for (int i = 0; i < QUEUES; i++) {
					String wake = this.keys.wake("q" + i);
					cluster.nodeFor(wake).cli("RPUSH", wake, "1");
				}
				assertThat(woken).allSatisfy((future) -> assertThat(future.join()).isTrue());
			}
			finally {
				// as the worker container does: its waits stop before the factory does
				waits.forEach(PendingWait::close);
				onCluster.close();
				clustered.destroy();
			}
		}
	}

	private static GenericObjectPoolConfig<StatefulConnection<?, ?>> poolConfig() {
		GenericObjectPoolConfig<StatefulConnection<?, ?>> pool = new GenericObjectPoolConfig<>();
		pool.setMaxTotal(POOL_SIZE);
		pool.setMaxWait(Duration.ofMillis(500));
		return pool;
	}

	private long blockedClients() {
		return blockedClients(fixture.redis);
	}

	private static long blockedClients(RedisServer redis) {
		String info = redis.cli("INFO", "clients");
		return info.lines()
			.filter((line) -> line.startsWith("blocked_clients:"))
			.mapToLong((line) -> Long.parseLong(line.substring("blocked_clients:".length()).trim()))
			.findFirst()
			.orElse(0);
	}

}
