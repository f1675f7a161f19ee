package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.redis.connection.RedisReachability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.RedisConnectionFailureException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The workers' first contact with Redis: retried on its own thread until it succeeds,
 * then the workers start once; one WARN for the start-up outage, shared through the
 * {@link RedisReachability}; a failure once Redis answered other parts warns on its own.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupConnectionTests {

	@Test
	void retriesUntilRedisAnswersThenStartsTheWorkersOnceWithOneWarning(CapturedOutput output) {
		RedisReachability reachability = new RedisReachability("127.0.0.1:1");
		AtomicInteger attempts = new AtomicInteger();
		AtomicInteger connected = new AtomicInteger();
		StartupConnection connection = new StartupConnection(reachability, () -> {
			if (attempts.incrementAndGet() < 3) {
				throw new RedisConnectionFailureException("Connection refused");
			}
		}, connected::incrementAndGet);
		connection.start();
		assertThat(connected).as("not on the starting thread while Redis is away").hasValue(0);
		await().atMost(Duration.ofSeconds(10)).until(() -> connected.get() == 1);
		connection.stop(Duration.ofSeconds(1));
		assertThat(attempts).hasValue(3);
		assertThat(reachability.isReached()).isTrue();
		assertThat(output.getOut().lines().filter((line) -> line.contains("WARN"))).singleElement()
			.asString()
			.contains("Redis at 127.0.0.1:1 cannot be reached (Connection refused)");
	}

	@Test
	void aFailureOnceRedisAnsweredOtherPartsWarnsOnItsOwn(CapturedOutput output) {
		RedisReachability reachability = new RedisReachability("127.0.0.1:1");
		reachability.reached();
		StartupConnection connection = new StartupConnection(reachability, () -> {
			throw new IllegalStateException("NOPERM this user has no permissions to run the 'subscribe' command");
		}, () -> {
		});
		connection.start();
		connection.stop(Duration.ofSeconds(1));
		assertThat(output.getOut()).contains("async-task workers could not start on Redis at 127.0.0.1:1")
			.contains("NOPERM");
	}

	@Test
	void aStopWhileRedisIsAwayEndsTheRetries() {
		AtomicInteger attempts = new AtomicInteger();
		StartupConnection connection = new StartupConnection(new RedisReachability("127.0.0.1:1"), () -> {
			attempts.incrementAndGet();
			throw new RedisConnectionFailureException("Connection refused");
		}, () -> {
		});
		connection.start();
		assertThat(retryThreads()).as("retrying").isOne();
		connection.stop(Duration.ofSeconds(1));
		assertThat(retryThreads()).as("after the stop").isZero();
		assertThat(attempts).hasValue(1);
	}

	private static long retryThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().equals("asynctask-connect") && thread.isAlive())
			.count();
	}

}
