package io.github.asynctask.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Picks a loopback port no one listens on. Another process may grab it before Redis binds
 * it; {@link RedisProcess} retries with a new port when that happens.
 */
final class FreePorts {

	private FreePorts() {
	}

	static int next() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot find a free loopback port", ex);
		}
	}

}
