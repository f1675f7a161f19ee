package io.github.asynctask.redis.script;

import io.lettuce.core.output.CommandOutput;

/**
 * How a script's reply becomes a value of its caller: on Lettuce, by an output of its own
 * that reads the reply from the client's buffer as it arrives (no generic list of byte
 * arrays in between); through any other client, from the reply as {@link Replies}
 * describes it. Internal: public only so that the other rooms of {@code redis} can use
 * it; not an API.
 *
 * @param <T> what the reply is read as
 */
public interface ReplyReading<T> {

	/**
	 * A new output for one call (Lettuce). Its methods run on Lettuce's event loop: they
	 * must not throw on an unexpected reply: what they saw is judged by the caller.
	 */
	CommandOutput<byte[], byte[], T> output();

	/** The value of a reply read by another client: byte[], Long and List. */
	T read(Object reply);

}
