package io.github.asynctask.redis.wake;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Opening the connection is bounded by {@code async-task.redis-timeout} like every reply:
 * against a port that takes the TCP connection but never answers (a listening socket
 * whose backlog is never accepted), the first call fails within the timeout plus a second
 * instead of Lettuce's connect timeout.
 */
class BrokerConnectTimeoutIntegrationTests {

	private static final Duration REDIS_TIMEOUT = Duration.ofMillis(500);

	private static final Duration LETTUCE_TIMEOUT = Duration.ofSeconds(3);

	private ServerSocket blackHole;

	private LettuceConnectionFactory connectionFactory;

	@BeforeEach
	void blackHole() throws IOException {
		this.blackHole = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		// Lettuce's own handshake would wait its command timeout (60 s by default) and
		// the
		// factory's close with it; 3 s still lies well beyond what async-task allows
		this.connectionFactory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", this.blackHole.getLocalPort()),
				LettuceClientConfiguration.builder().commandTimeout(LETTUCE_TIMEOUT).build());
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
	}

	@AfterEach
	void close() throws IOException {
		this.connectionFactory.destroy();
		this.blackHole.close();
	}

	@Test
	void aConnectionThatNeverAnswersFailsWithinTheRedisTimeout() {
		LuaRedisBroker broker = new LuaRedisBroker(this.connectionFactory, new RedisKeys("asynctask"), Duration.ZERO,
				REDIS_TIMEOUT);
		assertTimeoutPreemptively(REDIS_TIMEOUT.plusSeconds(1),
				() -> assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> broker.stats("mail"))
					.withMessageContaining("queue 'mail'")
					.withMessageContaining("no connection within 500 ms (async-task.redis-timeout)"));
		// a second call while the first attempt still hangs waits no longer
		assertTimeoutPreemptively(REDIS_TIMEOUT.plusSeconds(1),
				() -> assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> broker.pause("mail"))
					.withMessageContaining("no connection within 500 ms (async-task.redis-timeout)"));
	}

	@Test
	void aWakeUpWaitStillOpeningItsConnectionEndsWhenClosed() throws InterruptedException {
		RedisPendingWait wait = new RedisPendingWait(new BlockingConnections(this.connectionFactory),
				new RedisKeys("asynctask").wake("mail"), Duration.ofSeconds(30));
		AtomicReference<Object> outcome = new AtomicReference<>();
		Thread waiter = new Thread(() -> {
			try {
				outcome.set(wait.await(Duration.ofSeconds(30)));
			}
			catch (RuntimeException ex) {
				outcome.set(ex);
			}
		}, "wake-up-waiter");
		waiter.start();
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (!openingConnection(waiter) && System.nanoTime() - deadline < 0) {
			Thread.onSpinWait();
		}
		assertThat(openingConnection(waiter)).as("the waiter blocks opening its connection").isTrue();
		wait.close();
		waiter.join(REDIS_TIMEOUT.plusSeconds(1).toMillis());
		assertThat(waiter.isAlive()).as("the waiter still opens its connection after close()").isFalse();
		assertThat(outcome.get()).isEqualTo(false);
	}

	private static boolean openingConnection(Thread thread) {
		return Arrays.stream(thread.getStackTrace())
			.anyMatch((frame) -> frame.getClassName().equals(RedisPendingWait.class.getName()))
				&& (thread.getState() == Thread.State.WAITING || thread.getState() == Thread.State.TIMED_WAITING);
	}

}
