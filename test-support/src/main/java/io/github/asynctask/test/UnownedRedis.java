package io.github.asynctask.test;

/**
 * A Redis that is not a local process of this JVM (a container, a server given by URL):
 * it cannot be stopped, killed or restarted, so tests needing faults are skipped on it.
 */
abstract class UnownedRedis implements RedisServer, AutoCloseable {

	/** Why {@code action} cannot be done here, and how to run the test anyway. */
	abstract UnsupportedOperationException cannot(String action);

	@Override
	public final void flushAll() {
		cli("FLUSHALL");
	}

	@Override
	public final void stop() {
		throw cannot("stop");
	}

	@Override
	public final void kill() {
		throw cannot("kill");
	}

	@Override
	public final void start() {
		throw cannot("start");
	}

	@Override
	public final boolean canInjectFaults() {
		return false;
	}

	@Override
	public final long pid() {
		return -1;
	}

}
