package io.github.asynctask.test;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A Redis the test does not own, given by URL
 * ({@code redis://[user:pass@]host:port[/db]}). Shared with whoever else uses it, so it
 * cannot be stopped or killed.
 */
final class ExternalRedis extends UnownedRedis {

	private final String url;

	private final String host;

	private final int port;

	// AUTH and SELECT sent before each command, since every call opens a new connection.
	private final List<List<String>> setup;

	private ExternalRedis(String url, String host, int port, List<List<String>> setup) {
		this.url = url;
		this.host = host;
		this.port = port;
		this.setup = setup;
	}

	static ExternalRedis parse(String url) {
		URI uri;
		try {
			uri = URI.create(url.trim());
		}
		catch (IllegalArgumentException ex) {
			throw invalid(url, ex.getMessage());
		}
		if (!"redis".equals(uri.getScheme()) || uri.getHost() == null) {
			throw invalid(url, "expected redis://[user:pass@]host:port[/db]");
		}
		List<List<String>> setup = new ArrayList<>();
		String userInfo = uri.getRawUserInfo();
		if (userInfo != null && !userInfo.isEmpty()) {
			int colon = userInfo.indexOf(':');
			String user = (colon < 0) ? "" : decode(userInfo.substring(0, colon));
			String password = decode((colon < 0) ? userInfo : userInfo.substring(colon + 1));
			setup.add(user.isEmpty() ? List.of("AUTH", password) : List.of("AUTH", user, password));
		}
		String path = (uri.getPath() != null) ? uri.getPath().replace("/", "") : "";
		if (!path.isEmpty()) {
			if (!path.chars().allMatch(Character::isDigit)) {
				throw invalid(url, "the database after the port must be a number");
			}
			setup.add(List.of("SELECT", path));
		}
		int port = (uri.getPort() != -1) ? uri.getPort() : 6379;
		return new ExternalRedis(url.trim(), uri.getHost(), port, List.copyOf(setup));
	}

	private static IllegalArgumentException invalid(String url, @Nullable String reason) {
		return new IllegalArgumentException("ASYNCTASK_TEST_REDIS_URL '" + url + "' is not a Redis URL: " + reason);
	}

	private static String decode(String text) {
		return URLDecoder.decode(text, StandardCharsets.UTF_8);
	}

	@Override
	public String host() {
		return this.host;
	}

	@Override
	public int port() {
		return this.port;
	}

	@Override
	public String url() {
		return this.url;
	}

	@Override
	public @Nullable String cli(String... args) {
		return RespClient.call(this.host, this.port, this.setup, List.of(args));
	}

	@Override
	UnsupportedOperationException cannot(String action) {
		return new UnsupportedOperationException("Cannot " + action + " the external Redis " + this.host + ":"
				+ this.port + " given by ASYNCTASK_TEST_REDIS_URL; guard the test with "
				+ "assumeTrue(redis.canInjectFaults()), or unset the variable to run a local redis-server");
	}

	@Override
	public boolean isRunning() {
		try {
			return "PONG".equals(cli("PING"));
		}
		catch (IllegalStateException ex) {
			return false;
		}
	}

	@Override
	public void close() {
		// Not ours to stop.
	}

	@Override
	public String toString() {
		return "external Redis " + this.host + ":" + this.port;
	}

}
