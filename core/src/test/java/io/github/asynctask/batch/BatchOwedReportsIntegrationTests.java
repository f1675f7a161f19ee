package io.github.asynctask.batch;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.redis.RedisConnections;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.store.BatchOwedStore;
import io.github.asynctask.redis.store.BatchStore;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The owed reports' loop (and so every
 * {@link io.github.asynctask.worker.PeriodicSweeper}) against a Redis that goes away: one
 * WARN per failing streak, not one per sweep.
 */
@ExtendWith({ RedisExtension.class, OutputCaptureExtension.class })
class BatchOwedReportsIntegrationTests {

	private static final String QUEUE = "reports";

	private static final String FAILED = "Delivering the batch reports owed by queue 'reports' failed";

	private final RedisKeys keys = new RedisKeys("asynctask");

	private final AtomicInteger sweeps = new AtomicInteger();

	private RedisServer redis;

	private LettuceConnectionFactory factory;

	private BatchOwedReports reports;

	@BeforeEach
	void reports(RedisServer redis) {
		assumeTrue(redis.canInjectFaults());
		redis.flushAll();
		this.redis = redis;
		this.factory = RedisConnections.warmedUp(RedisConnections.standalone(redis));
		Duration timeout = Duration.ofMillis(500);
		BatchCallbacks callbacks = new BatchCallbacks(new LuaRedisBroker(this.factory, this.keys),
				new BatchStore(this.factory, this.keys, timeout), BatchMeters.NONE);
		this.reports = new BatchOwedReports(new BatchOwedStore(this.factory, this.keys, timeout), callbacks,
				BatchMeters.NONE, () -> {
					this.sweeps.incrementAndGet();
					return List.of(QUEUE);
				}, Duration.ofMillis(20));
		this.reports.reachability(new RedisReachability(redis.host() + ":" + redis.port()));
	}

	@AfterEach
	void close() {
		if (this.reports != null) {
			this.reports.stop();
			this.factory.destroy();
		}
		if (this.redis != null) {
			this.redis.start();
		}
	}

	@Test
	void aRedisThatGoesDownWarnsOnceAndAgainOnlyAfterARecovery(CapturedOutput output) {
		this.reports.start();
		awaitDelivered();
		this.redis.kill();
		awaitSweeps(5);
		assertThat(warnings(output)).as("one failing streak of several sweeps").isEqualTo(1);
		this.redis.start();
		awaitDelivered();
		assertThat(warnings(output)).as("recovered").isEqualTo(1);
		this.redis.kill();
		awaitSweeps(5);
		assertThat(warnings(output)).as("a second streak").isEqualTo(2);
	}

	/** An unreadable entry owed: gone once a sweep delivered (settled) it. */
	private void awaitDelivered() {
		await().atMost(Duration.ofSeconds(30))
			.ignoreExceptions()
			.until(() -> this.redis.cli("ZADD", this.keys.batchOwed(QUEUE), "1", "unreadable") != null);
		await().atMost(Duration.ofSeconds(30))
			.until(() -> "0".equals(this.redis.cli("ZCARD", this.keys.batchOwed(QUEUE))));
	}

	/** More sweeps than one, all after the last call. */
	private void awaitSweeps(int more) {
		int target = this.sweeps.get() + more;
		await().atMost(Duration.ofSeconds(30)).until(() -> this.sweeps.get() >= target);
	}

	private static long warnings(CapturedOutput output) {
		return output.getOut().lines().filter((line) -> line.contains("WARN") && line.contains(FAILED)).count();
	}

}
