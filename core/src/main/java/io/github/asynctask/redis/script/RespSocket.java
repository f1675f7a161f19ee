package io.github.asynctask.redis.script;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.output.CommandOutput;
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

	private static final byte[] PING = bytes("PING");

	private final Socket socket;

	private final OutputStream out;

	private final InputStream in;

	/** Digits of a number being written, reused. */
	private final byte[] digits = new byte[20];

	/** Where bulk strings fed to an output are read, grown as needed. */
	private ByteBuffer bulk = ByteBuffer.allocate(1024);

	/** Digits of a number argument, apart from {@link #digits} that its header uses. */
	private final byte[] bulkDigits = new byte[20];

	/** Writes an {@link ArgsWriter}'s arguments as bulk strings. */
	private final ArgsWriter.Sink sink = new ArgsWriter.Sink() {

		@Override
		public void bytes(byte[] value) {
			try {
				writeBulk(value);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		@Override
		public void text(String value) {
			bytes(RespSocket.bytes(value));
		}

		@Override
		public void decimal(long value) {
			try {
				writeDecimalBulk(value);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	};

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

	/** Whether Redis still answers on this connection. */
	boolean answersPing() {
		try {
			call(new byte[][] { PING });
			return true;
		}
		catch (IOException | RuntimeException ex) {
			return false;
		}
	}

	/** Send one command and read its reply. */
	@Nullable Object call(byte[][] command) throws IOException {
		write(command);
		return read();
	}

	/** {@code EVALSHA} or {@code EVAL} with these keys and arguments. */
	@Nullable Object script(byte[] verb, byte[] shaOrSource, byte[][] keys, byte[][] args) throws IOException {
		return script(verb, shaOrSource, keys, ScriptArgs.of(args));
	}

	/**
	 * {@code EVALSHA} or {@code EVAL} with these keys and the arguments {@code args}
	 * writes, each straight into this connection's buffer.
	 */
	@Nullable Object script(byte[] verb, byte[] shaOrSource, byte[][] keys, ArgsWriter args) throws IOException {
		writeScript(verb, shaOrSource, keys, args);
		return read();
	}

	/**
	 * {@link #script(byte[], byte[], byte[][], ArgsWriter)} with the reply read into
	 * {@code output} as Lettuce would feed it, each bulk string from this connection's
	 * buffer (a dequeue's tasks become deliveries with no byte array each).
	 */
	<T> T script(byte[] verb, byte[] shaOrSource, byte[][] keys, ArgsWriter args,
			CommandOutput<byte[], byte[], T> output) throws IOException {
		writeScript(verb, shaOrSource, keys, args);
		readInto(output, 0);
		output.complete(0);
		return output.get();
	}

	private void writeScript(byte[] verb, byte[] shaOrSource, byte[][] keys, ArgsWriter args) throws IOException {
		writeHeader('*', 3 + keys.length + args.count());
		writeBulk(verb);
		writeBulk(shaOrSource);
		writeBulk(number(keys.length));
		for (byte[] key : keys) {
			writeBulk(key);
		}
		try {
			args.writeTo(this.sink);
		}
		catch (UncheckedIOException ex) {
			throw ex.getCause();
		}
		this.out.flush();
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

	/** A number as a bulk string, its digits written straight into the buffer. */
	private void writeDecimalBulk(long value) throws IOException {
		if (value < 0) {
			writeBulk(bytes(Long.toString(value)));
			return;
		}
		int at = this.bulkDigits.length;
		long rest = value;
		do {
			this.bulkDigits[--at] = (byte) ('0' + rest % 10);
			rest /= 10;
		}
		while (rest > 0);
		writeHeader('$', this.bulkDigits.length - at);
		this.out.write(this.bulkDigits, at, this.bulkDigits.length - at);
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
		RedisCommandExecutionException error = null;
		for (int i = 0; i < length; i++) {
			try {
				values.add(read());
			}
			catch (RedisCommandExecutionException ex) {
				// read the rest, so the connection stays in step with Redis
				error = (error != null) ? error : ex;
			}
		}
		if (error != null) {
			throw error;
		}
		return values;
	}

	/**
	 * One value fed to {@code output} (arrays {@code depth} deep so far); an error reply
	 * throws once the value is read whole.
	 */
	private void readInto(CommandOutput<byte[], byte[], ?> output, int depth) throws IOException {
		int type = this.in.read();
		switch (type) {
			case ':' -> output.set(readNumber());
			case '$' -> output.set(readBulkBuffer((int) readNumber()));
			case '+' -> output.set(ByteBuffer.wrap(bytes(readLine())));
			case '-' -> throw new RedisCommandExecutionException(readLine());
			case '*' -> readArrayInto(output, (int) readNumber(), depth);
			default -> throw (type < 0) ? new EOFException("Redis closed the connection")
					: new IOException("Unexpected reply type '" + (char) type + "' from Redis");
		}
	}

	private void readArrayInto(CommandOutput<byte[], byte[], ?> output, int length, int depth) throws IOException {
		if (length < 0) {
			output.set((ByteBuffer) null);
			return;
		}
		output.multi(length);
		RedisCommandExecutionException error = null;
		for (int i = 0; i < length; i++) {
			try {
				readInto(output, depth + 1);
			}
			catch (RedisCommandExecutionException ex) {
				error = (error != null) ? error : ex;
			}
		}
		output.complete(depth);
		if (error != null) {
			throw error;
		}
	}

	/** A bulk string in this connection's reused buffer, null for nil. */
	private @Nullable ByteBuffer readBulkBuffer(int length) throws IOException {
		if (length < 0) {
			return null;
		}
		if (this.bulk.capacity() < length) {
			this.bulk = ByteBuffer.allocate(Math.max(length, this.bulk.capacity() * 2));
		}
		byte[] array = this.bulk.array();
		if (this.in.readNBytes(array, 0, length) < length || this.in.read() != '\r' || this.in.read() != '\n') {
			throw new EOFException("Redis closed the connection within a reply");
		}
		this.bulk.clear();
		this.bulk.limit(length);
		return this.bulk;
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
