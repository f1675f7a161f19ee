package io.github.asynctask.redis.script;

/**
 * The arguments of a script call, written by the caller when the client sends the call: a
 * group of acks writes each task's id and token straight into Lettuce's buffer rather
 * than into a byte array per argument (issue 37). Written on the client's thread, once
 * per send (again if the client sends the call again after a reconnect): what it reads
 * must not change while the call is in flight. Internal: public only so that the other
 * rooms of {@code redis} can use it; not an API.
 */
public interface ArgsWriter {

	/** How many arguments {@link #writeTo} writes. */
	int count();

	/** Write exactly {@link #count()} arguments, in order. */
	void writeTo(Sink sink);

	/** Where the arguments go, each one bulk string. */
	interface Sink {

		void bytes(byte[] value);

		/** A text in UTF-8. */
		void text(String value);

		/** A number in decimal, as {@link Long#toString(long)} writes it. */
		void decimal(long value);

	}

}
