package io.github.asynctask.sample;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Tells whether a Redis server answers at an address, without any client library: it
 * sends {@code PING} and accepts any RESP reply ({@code +PONG}, or an error such as
 * {@code -NOAUTH} from a server that wants a password: that is still a Redis).
 */
final class RedisProbe {

	private static final int TIMEOUT_MILLIS = 500;

	private RedisProbe() {
	}

	static boolean answers(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
			socket.setSoTimeout(TIMEOUT_MILLIS);
			socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			InputStream in = socket.getInputStream();
			int first = in.read();
			return first == '+' || first == '-';
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** The port itself when nothing listens on it locally, else a free ephemeral port. */
	static int freePort(int preferred) {
		try (ServerSocket socket = new ServerSocket(preferred)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			try (ServerSocket socket = new ServerSocket(0)) {
				return socket.getLocalPort();
			}
			catch (IOException nested) {
				throw new IllegalStateException("No free local port for an embedded Redis", nested);
			}
		}
	}

}
