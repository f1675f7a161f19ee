package io.github.asynctask.version;

import io.github.asynctask.codec.TaskCodecException;

/**
 * A fetched task was stored at a version newer than the one this instance's method
 * declares (a rolling deploy): the worker hands it back, uncounted, for an instance that
 * knows that version.
 */
public final class NewerTaskVersionException extends TaskCodecException {

	private final int storedVersion;

	private final int knownVersion;

	NewerTaskVersionException(String name, int storedVersion, int knownVersion) {
		super("Task '" + name + "' was stored at version " + storedVersion + " but this instance knows it only up to "
				+ "version " + knownVersion);
		this.storedVersion = storedVersion;
		this.knownVersion = knownVersion;
	}

	/** The version the task was stored at. */
	public int storedVersion() {
		return this.storedVersion;
	}

	/** The version this instance's method declares. */
	public int knownVersion() {
		return this.knownVersion;
	}

}
