package io.github.asynctask.redis.script;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
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

import io.lettuce.core.RedisCommandExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * One blocking TCP connection to a standalone Redis, spoken in RESP2 on the calling
 * thread: a command is written and its reply read by the thread that sends it, with no
 * event loop to wake and no future to park on (Jedis's way, which Jesque's one-thread
 * submits owe their speed to). Replies read as {@link ScriptRunner}'s do: bulk strings as
 * {@code byte[]}, integers as {@link Long}, arrays as {@link List}, nil as {@code null};
 * an error reply throws {@link RedisCommandExecutionException}. Not thread safe:
 * {@link DirectScripts} lends it to one caller at a time.
 */
final class RespSocket implements AutoCloseable {

	private static final byte[] CRLF = { '\r', '\n' };

	private final Socket socket;

	private final OutputStream out;

	private final InputStream in;

	/** Digits of a number being written, reused. */
	private final byte[] digits = new byte[20];

	private RespSocket(Socket socket) throws IOException {
		this.socket = socket;
		this.out = new BufferedOutputStream(socket.getOutputStream(), 8192);
		this.in = new BufferedInputStream(socket.getInputStream(), 8192);
	}

	/**
	 * Connect, authenticate and select the database.
	 * @param username ACL user, {@code null} for the default one
	 * @param password {@code null} for none
	 * @param clientName {@code CLIENT SETNAME}, {@code null} for none
	 */
	static RespSocket open(String host, int port, int connectTimeoutMillis, int readTimeoutMillis,
			@Nullable String username, @Nullable String password, int database, @Nullable String clientName)
			throws IOException {
		Socket socket = new Socket();
		try {
			socket.setTcpNoDelay(true);
			socket.setKeepAlive(true);
			socket.connect(new InetSocketAddress(host, port), connectTimeoutMillis);
			socket.setSoTimeout(readTimeoutMillis);
			RespSocket resp = new RespSocket(socket);
			if (password != null) {
				resp.call((username != null) ? new byte[][] { bytes("AUTH"), bytes(username), bytes(password) }
						: new byte[][] { bytes("AUTH"), bytes(password) });
			}
			if (database != 0) {
				resp.call(new byte[][] { bytes("SELECT"), bytes(Integer.toString(database)) });
			}
			if (clientName != null) {
				resp.call(new byte[][] { bytes("CLIENT"), bytes("SETNAME"), bytes(clientName) });
			}
			return resp;
		}
		catch (IOException | RuntimeException ex) {
			socket.close();
			throw ex;
		}
	}

	/** Send one command and read its reply. */
	@Nullable Object call(byte[][] command) throws IOException {
		write(command);
		return read();
	}

	/** {@code EVALSHA} or {@code EVAL} with these keys and arguments. */
	@Nullable Object script(byte[] verb, byte[] shaOrSource, byte[][] keys, byte[][] args) throws IOException {
		writeHeader('*', 3 + keys.length + args.length);
		writeBulk(verb);
		writeBulk(shaOrSource);
		writeBulk(number(keys.length));
		for (byte[] key : keys) {
			writeBulk(key);
		}
		for (byte[] arg : args) {
			writeBulk(arg);
		}
		this.out.flush();
		return read();
	}

	private void write(byte[][] command) throws IOException {
		writeHeader('*', command.length);
		for (byte[] part : command) {
			writeBulk(part);
		}
		this.out.flush();
	}

	private void writeBulk(byte[] value) throws IOException {
		writeHeader('$', value.length);
		this.out.write(value);
		this.out.write(CRLF);
	}

	private void writeHeader(char type, int length) throws IOException {
		this.out.write(type);
		if (length >= 0 && length < 10) {
			this.out.write('0' + length);
		}
		else {
			int at = this.digits.length;
			for (int rest = length; rest > 0; rest /= 10) {
				this.digits[--at] = (byte) ('0' + rest % 10);
			}
			this.out.write(this.digits, at, this.digits.length - at);
		}
		this.out.write(CRLF);
	}

	private @Nullable Object read() throws IOException {
		int type = this.in.read();
		if (type < 0) {
			throw new EOFException("Redis closed the connection");
		}
		return switch (type) {
			case ':' -> readNumber();
			case '$' -> readBulk((int) readNumber());
			case '+' -> bytes(readLine());
			case '-' -> throw new RedisCommandExecutionException(readLine());
			case '*' -> readArray((int) readNumber());
			default -> throw new IOException("Unexpected reply type '" + (char) type + "' from Redis");
		};
	}

	private @Nullable List<@Nullable Object> readArray(int length) throws IOException {
		if (length < 0) {
			return null;
		}
		List<@Nullable Object> values = new ArrayList<>(length);
		for (int i = 0; i < length; i++) {
			values.add(read());
		}
		return values;
	}

	private byte @Nullable [] readBulk(int length) throws IOException {
		if (length < 0) {
			return null;
		}
		byte[] value = this.in.readNBytes(length);
		if (value.length < length || this.in.read() != '\r' || this.in.read() != '\n') {
			throw new EOFException("Redis closed the connection within a reply");
		}
		return value;
	}

	private long readNumber() throws IOException {
		long value = 0;
		boolean negative = false;
		for (int c = this.in.read();; c = this.in.read()) {
			if (c == '\r') {
				if (this.in.read() != '\n') {
					throw new IOException("Malformed number in a reply from Redis");
				}
				return negative ? -value : value;
			}
			if (c == '-') {
				negative = true;
			}
			else if (c >= '0' && c <= '9') {
				value = value * 10 + (c - '0');
			}
			else {
				throw (c < 0) ? new EOFException("Redis closed the connection within a reply")
						: new IOException("Malformed number in a reply from Redis");
			}
		}
	}

	private String readLine() throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream(64);
		for (int c = this.in.read(); c != '\r'; c = this.in.read()) {
			if (c < 0) {
				throw new EOFException("Redis closed the connection within a reply");
			}
			line.write(c);
		}
		this.in.read();
		return line.toString(StandardCharsets.UTF_8);
	}

	private static byte[] number(int value) {
		return bytes(Integer.toString(value));
	}

	static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	@Override
	public void close() {
		try {
			this.socket.close();
		}
		catch (IOException ex) {
			// nothing left to do with it
		}
	}

}
