package io.github.asynctask.test;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class RedisProcessIntegrationTests {

	@Test
	void startedServerAnswersPingAndSetGet() {
		try (RedisProcess redis = RedisProcess.startDefault()) {
			assertThat(redis.cli("PING")).isEqualTo("PONG");
			assertThat(redis.cli("SET", "greeting", "héllo wörld")).isEqualTo("OK");
			assertThat(redis.cli("GET", "greeting")).isEqualTo("héllo wörld");
			assertThat(redis.url()).isEqualTo("redis://127.0.0.1:" + redis.port());
			assertThat(redis.canInjectFaults()).isTrue();
		}
	}

	@Test
	void repliesAreRenderedAsText() {
		try (RedisProcess redis = RedisProcess.startDefault()) {
			assertThat(redis.cli("INCRBY", "counter", "41")).isEqualTo("41");
			assertThat(redis.cli("GET", "missing")).isNull();
			redis.cli("RPUSH", "list", "a", "", "c");
			assertThat(redis.cli("LRANGE", "list", "0", "-1")).isEqualTo("a\n\nc");
			assertThat(redis.cli("SET", "text", "line1\r\nline2")).isEqualTo("OK");
			assertThat(redis.cli("GET", "text")).isEqualTo("line1\r\nline2");
			assertThatIllegalStateException().isThrownBy(() -> redis.cli("LPUSH", "text", "x"))
				.withMessageStartingWith("WRONGTYPE");
			redis.flushAll();
			assertThat(redis.cli("DBSIZE")).isEqualTo("0");
		}
	}

	@Test
	void stopThenStartKeepsThePortAndAppendOnlyData() {
		try (RedisProcess redis = RedisProcess.start("--appendonly", "yes", "--appendfsync", "always")) {
			int port = redis.port();
			redis.cli("SET", "durable", "yes");
			long firstPid = redis.pid();
			redis.stop();
			assertThat(redis.isRunning()).isFalse();
			assertThat(ProcessHandle.of(firstPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
			assertThatIllegalStateException().isThrownBy(() -> redis.cli("PING"));
			redis.start();
			assertThat(redis.port()).isEqualTo(port);
			assertThat(redis.pid()).isNotEqualTo(firstPid);
			assertThat(redis.cli("GET", "durable")).isEqualTo("yes");
		}
	}

	@Test
	void withoutAppendOnlyARestartStartsEmpty() {
		try (RedisProcess redis = RedisProcess.startDefault()) {
			redis.cli("SET", "volatile", "yes");
			redis.stop();
			redis.start();
			assertThat(redis.cli("GET", "volatile")).isNull();
		}
	}

	@Test
	void killMakesItUnreachableAndStartBringsItBack() throws Exception {
		try (RedisProcess redis = RedisProcess.start("--appendonly", "yes", "--appendfsync", "always")) {
			redis.cli("SET", "before-crash", "kept");
			long pid = redis.pid();
			redis.kill();
			assertThat(redis.isRunning()).isFalse();
			assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
			assertThat(accepts(redis.port())).isFalse();
			redis.start();
			assertThat(redis.cli("PING")).isEqualTo("PONG");
			assertThat(redis.cli("GET", "before-crash")).isEqualTo("kept");
		}
	}

	@Test
	void startWhileRunningDoesNothing() {
		try (RedisProcess redis = RedisProcess.startDefault()) {
			long pid = redis.pid();
			redis.start();
			assertThat(redis.pid()).isEqualTo(pid);
		}
	}

	@Test
	void closeEndsTheProcessAndDeletesItsDirectory() {
		RedisProcess redis = RedisProcess.startDefault();
		long pid = redis.pid();
		redis.close();
		assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
		assertThat(Files.exists(redis.dir())).isFalse();
		redis.close();
	}

	@Test
	void twoProcessesGetDifferentPorts() {
		try (RedisProcess first = RedisProcess.startDefault(); RedisProcess second = RedisProcess.startDefault()) {
			assertThat(first.port()).isNotEqualTo(second.port());
			first.cli("SET", "where", "first");
			assertThat(second.cli("GET", "where")).isNull();
		}
	}

	@Test
	void missingBinaryFailsWithInstallInstructions() {
		Map<String, String> env = Map.of("REDIS_SERVER_BIN", "/nonexistent/redis-server");
		assertThatIllegalStateException().isThrownBy(() -> RedisProcess.start(env::get))
			.withMessageContaining("REDIS_SERVER_BIN=/nonexistent/redis-server")
			.withMessageContaining("apt-get install redis-server");
	}

	@Test
	void badConfigurationFailsWithTheServerLog() {
		assertThatIllegalStateException().isThrownBy(() -> RedisProcess.start("--no-such-option", "1"))
			.withMessageContaining("exited")
			.withMessageContaining("no-such-option");
	}

	private static boolean accepts(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
			return true;
		}
		catch (Exception ex) {
			return false;
		}
	}

}
