package io.github.asynctask.redis.script;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import io.github.asynctask.redis.RedisKeys;
import io.lettuce.core.RedisCommandExecutionException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Enqueue calls on the caller's own connection ({@link DirectScripts}): the script's
 * guarantees hold there (dedup, re-sent ids), a lost script or a closed connection costs
 * nothing, a refusal names the script, and a call that finds the connection busy goes
 * through the runner at once. A runner on a Redis that does not exist shows which way a
 * call went.
 */
class DirectScriptsIntegrationTests extends BrokerIntegrationTestSupport {

	private static LettuceConnectionFactory nowhere;

	private final ExecutorService thread = Executors.newSingleThreadExecutor();

	/** Direct calls only: its runner reaches no Redis. */
	private DirectScripts direct;

	@BeforeAll
	static void nowhere() {
		nowhere = new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", 1),
				LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(1)).build());
		nowhere.afterPropertiesSet();
		nowhere.start();
	}

	@AfterAll
	static void closeNowhere() {
		nowhere.destroy();
	}

	@AfterEach
	void stop() {
		fixture.redis.cli("CLIENT", "UNPAUSE");
		this.thread.shutdownNow();
		if (this.direct != null) {
			this.direct.close();
		}
	}

	private DirectScripts directOnly() {
		this.direct = DirectScripts.of(new ScriptRunner(nowhere, Duration.ofSeconds(1)), connectionFactory,
				Duration.ofSeconds(5));
		return this.direct;
	}

	@Test
	void aStandaloneLettuceFactoryQualifiesAClusterOneDoesNot() {
		assertThat(directOnly().isOn()).isTrue();
		LettuceConnectionFactory cluster = new LettuceConnectionFactory(
				new RedisClusterConfiguration(List.of("127.0.0.1:7000")));
		assertThat(DirectScripts.of(new ScriptRunner(cluster, Duration.ofSeconds(1)), cluster, Duration.ofSeconds(1))
			.isOn()).isFalse();
	}

	@Test
	void aLoneCallGoesOverTheDirectConnectionAndDedupHolds() {
		DirectScripts direct = directOnly();
		assertThat(enqueue(direct, "a-1", "order-7")).containsExactly("1", "a-1");
		assertThat(enqueue(direct, "a-2", "order-7")).containsExactly("0", "a-1");
		// a re-sent id changes nothing
		assertThat(enqueue(direct, "a-1", "order-7")).containsExactly("3", "a-1");
		assertThat(enqueue(direct, "a-3", null)).containsExactly("1", "a-3");
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(2);
	}

	@Test
	void aScriptRedisLostIsLoadedAgainOnTheSameConnection() {
		DirectScripts direct = directOnly();
		enqueue(direct, "b-1", null);
		fixture.redis.cli("SCRIPT", "FLUSH");
		assertThat(enqueue(direct, "b-2", null)).containsExactly("1", "b-2");
	}

	@Test
	void aConnectionRedisClosedIsSentAgainThroughTheRunnerAndOpenedAgain() {
		DirectScripts direct = DirectScripts.of(new ScriptRunner(connectionFactory, Duration.ofSeconds(5)),
				connectionFactory, Duration.ofSeconds(5));
		this.direct = direct;
		enqueue(direct, "c-1", null);
		fixture.redis.cli("CLIENT", "KILL", "TYPE", "normal");
		assertThat(enqueue(direct, "c-2", null)).containsExactly("1", "c-2");
		assertThat(enqueue(direct, "c-3", null)).containsExactly("1", "c-3");
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isEqualTo(3);
	}

	@Test
	void aCallRedisRefusesFailsNamingTheScriptAndRedisReply() {
		DirectScripts direct = directOnly();
		fixture.redis.cli("HSET", this.keys.unique(QUEUE, "mail.send", "order-9"), "f", "v");
		assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> enqueue(direct, "d-1", "order-9"))
			.withMessageContaining("script 'enqueue'")
			.withMessageContaining("queue '" + QUEUE + "'")
			.withRootCauseInstanceOf(RedisCommandExecutionException.class);
		// the connection still works
		assertThat(enqueue(direct, "d-2", null)).containsExactly("1", "d-2");
	}

	@Test
	void aCallFindingTheDirectConnectionBusyGoesThroughTheRunnerAtOnce() throws Exception {
		DirectScripts direct = directOnly();
		enqueue(direct, "e-0", null);
		// Redis holds writes: the first call waits on the direct connection
		fixture.redis.cli("CLIENT", "PAUSE", "60000", "WRITE");
		Future<List<String>> first = this.thread.submit(() -> enqueue(direct, "e-1", null));
		long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (!direct.isBusy() && System.nanoTime() < giveUp) {
			Thread.onSpinWait();
		}
		assertThat(direct.isBusy()).isTrue();
		// the second does not queue behind it: the runner takes it (and finds no Redis)
		assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> enqueue(direct, "e-2", null));
		assertThat(first.isDone()).isFalse();
		fixture.redis.cli("CLIENT", "UNPAUSE");
		assertThat(first.get(10, TimeUnit.SECONDS)).containsExactly("1", "e-1");
	}

	/** One task by the enqueue script; its reply as strings. */
	private List<String> enqueue(DirectScripts direct, String id, @Nullable String bizId) {
		RedisKeys keys = this.keys;
		String unique = (bizId != null) ? keys.unique(QUEUE, "mail.send", bizId) : keys.noUnique(QUEUE);
		byte[][] keyBytes = bytes(keys.tasks(QUEUE), keys.pending(QUEUE), keys.scheduled(QUEUE), keys.payloads(QUEUE),
				keys.wake(QUEUE), unique, keys.done(QUEUE));
		byte[][] args = bytes(keys.dueChannel(QUEUE), id, "mail.send", "{\"args\":[1]}", "2", "+0",
				(bizId != null) ? "60000" : "0");
		List<?> reply = Replies.list(direct.run(Scripts.ENQUEUE, QUEUE, keyBytes, args));
		return reply.stream().map(Replies::string).toList();
	}

	private static byte[][] bytes(String... values) {
		byte[][] bytes = new byte[values.length][];
		for (int i = 0; i < values.length; i++) {
			bytes[i] = values[i].getBytes(StandardCharsets.UTF_8);
		}
		return bytes;
	}

}
