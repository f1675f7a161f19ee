package io.github.asynctask.outbox;

/**
 * Test hooks that halt the JVM (as {@code kill -9} would) at the two points where a crash
 * is hardest on the outbox's promise; read once from system properties, off unless a test
 * JVM sets them. Not for production use.
 */
final class CrashPoints {

	/** Halt after a transaction with outbox rows committed, before its Redis write. */
	static final boolean AFTER_COMMIT = Boolean.getBoolean("asynctask.outbox.test.halt-after-commit");

	/** Halt after the relay's Redis write, before it deletes the rows. */
	static final boolean AFTER_RELAY_WRITE = Boolean.getBoolean("asynctask.outbox.test.halt-after-relay-write");

	private CrashPoints() {
	}

	static void halt(String where) {
		System.err.println("asynctask outbox test hook: halting " + where);
		System.err.flush();
		Runtime.getRuntime().halt(137);
	}

}
