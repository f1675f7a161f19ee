package io.github.asynctask.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Listens where the application's Redis would be and counts who connects: the modes
 * without Redis must leave it at zero.
 */
final class ConnectionCounter {

	private final ServerSocket socket;

	private final AtomicInteger accepted = new AtomicInteger();

	ConnectionCounter() {
		try {
			this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Thread acceptor = new Thread(this::accept, "connection-counter");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	int port() {
		return this.socket.getLocalPort();
	}

	int accepted() {
		return this.accepted.get();
	}

	private void accept() {
		while (!this.socket.isClosed()) {
			try (Socket connection = this.socket.accept()) {
				this.accepted.incrementAndGet();
			}
			catch (IOException ex) {
				// a connection that failed still counted once accepted
			}
		}
	}

}
