package io.github.asynctask.worker;

/**
 * Whether this JVM can run task bodies on virtual threads ({@code
 * async-task.worker.virtual-threads}): Java 21 or later. The project is built for Java
 * 17, where asking for them refuses start-up with {@link #requirement()}.
 */
public final class VirtualThreads {

	/** The first Java feature release with virtual threads. */
	public static final int MIN_JAVA = 21;

	private VirtualThreads() {
	}

	/** Whether the running JVM has virtual threads. */
	public static boolean supported() {
		return Runtime.version().feature() >= MIN_JAVA;
	}

	/** What is missing, for a message that starts with the property that asked. */
	public static String requirement() {
		return "needs Java " + MIN_JAVA + " or later (virtual threads), but this JVM is Java " + Runtime.version()
				+ "; run on Java " + MIN_JAVA + "+ or leave task bodies on platform threads (remove the setting)";
	}

}
