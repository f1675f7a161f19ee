package io.github.asynctask.test;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Redis in a Testcontainers container. Only loaded after {@link RedisSources} has checked
 * that Testcontainers is on the class path and Docker answers. No fault injection: a
 * restarted container gets a new mapped port.
 */
final class ContainerRedis extends UnownedRedis {

	private static final int REDIS_PORT = 6379;

	private final GenericContainer<?> container;

	private ContainerRedis(GenericContainer<?> container) {
		this.container = container;
	}

	@SuppressWarnings("resource") // closed by close()
	static ContainerRedis launch() {
		GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse("redis:7-alpine"))
			.withExposedPorts(REDIS_PORT);
		container.start();
		return new ContainerRedis(container);
	}

	@Override
	public String host() {
		return this.container.getHost();
	}

	@Override
	public int port() {
		return this.container.getMappedPort(REDIS_PORT);
	}

	@Override
	public String url() {
		return "redis://" + host() + ":" + port();
	}

	@Override
	public @Nullable String cli(String... args) {
		return RespClient.call(host(), port(), List.of(), List.of(args));
	}

	@Override
	UnsupportedOperationException cannot(String action) {
		return new UnsupportedOperationException("Cannot " + action + " the Redis container: its port would change; "
				+ "guard the test with assumeTrue(redis.canInjectFaults()), or install redis-server "
				+ "and set REDIS_SERVER_BIN or put it on the PATH (with no Docker) to run a local process");
	}

	@Override
	public boolean isRunning() {
		return this.container.isRunning();
	}

	@Override
	public void close() {
		this.container.stop();
	}

	@Override
	public String toString() {
		return "Redis container " + url();
	}

}
