package io.github.asynctask.redis.wake;

/**
 * A connection an idle fetcher holds for its {@code BLPOP} on a wake-up list, for as long
 * as it runs ({@link BlockingConnections}).
 */
interface BlockingConnection extends AutoCloseable {

	/**
	 * {@code BLPOP} one list.
	 * @param key the list
	 * @param seconds how long Redis blocks at most, at least 1
	 * @return whether a token was taken; {@code false} when the client gave up waiting
	 */
	boolean popToken(String key, int seconds);

	@Override
	void close();

}
