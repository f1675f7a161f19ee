package io.github.asynctask.test;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A minimal RESP2 client: one connection per call, so it keeps working across server
 * restarts and needs neither {@code redis-cli} nor a client library.
 */
final class RespClient {

	private static final int TIMEOUT_MILLIS = 10_000;

	private RespClient() {
	}

	/**
	 * Runs {@code setup} commands (AUTH, SELECT) then {@code command} on a fresh
	 * connection.
	 * @return the reply of {@code command} as text
	 */
	static @Nullable String call(String host, int port, List<List<String>> setup, List<String> command) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
			socket.setSoTimeout(TIMEOUT_MILLIS);
			OutputStream out = socket.getOutputStream();
			InputStream in = new BufferedInputStream(socket.getInputStream());
			for (List<String> step : setup) {
				write(out, step);
				read(in);
			}
			write(out, command);
			return read(in);
		}
		catch (IOException ex) {
			throw new IllegalStateException(
					"Redis at " + host + ":" + port + " did not answer " + command.get(0) + ": " + ex, ex);
		}
	}

	private static void write(OutputStream out, List<String> args) throws IOException {
		ByteArrayOutputStream buffer = new ByteArrayOutputStream();
		buffer.writeBytes(("*" + args.size() + "\r\n").getBytes(StandardCharsets.UTF_8));
		for (String arg : args) {
			byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
			buffer.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.UTF_8));
			buffer.writeBytes(bytes);
			buffer.writeBytes(new byte[] { '\r', '\n' });
		}
		buffer.writeTo(out);
		out.flush();
	}

	private static @Nullable String read(InputStream in) throws IOException {
		int type = in.read();
		if (type == -1) {
			throw new EOFException("Redis closed the connection");
		}
		String line = readLine(in);
		switch (type) {
			case '+', ':' -> {
				return line;
			}
			case '-' -> throw new IllegalStateException(line);
			case '$' -> {
				int length = Integer.parseInt(line);
				if (length < 0) {
					return null;
				}
				byte[] bytes = in.readNBytes(length + 2);
				if (bytes.length < length + 2) {
					throw new EOFException("Redis closed the connection in a bulk reply");
				}
				return new String(bytes, 0, length, StandardCharsets.UTF_8);
			}
			case '*' -> {
				int count = Integer.parseInt(line);
				if (count < 0) {
					return null;
				}
				List<String> items = new ArrayList<>(count);
				for (int i = 0; i < count; i++) {
					String item = read(in);
					items.add((item != null) ? item : "");
				}
				return String.join("\n", items);
			}
			default -> throw new IOException("Unexpected RESP type '" + (char) type + "'");
		}
	}

	private static String readLine(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		int previous = -1;
		while (true) {
			int b = in.read();
			if (b == -1) {
				throw new EOFException("Redis closed the connection");
			}
			if (previous == '\r' && b == '\n') {
				byte[] bytes = line.toByteArray();
				return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
			}
			line.write(b);
			previous = b;
		}
	}

}
