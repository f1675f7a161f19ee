package io.github.asynctask.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Stands for a deserialization gadget: loading this class writes the marker file named by
 * the system property {@value #MARKER_PROPERTY}. Hostile payloads name it in
 * {@code @class} fields; the marker must never appear.
 */
public final class Gadget {

	static final String MARKER_PROPERTY = "reliability.marker";

	static {
		String marker = System.getProperty(MARKER_PROPERTY);
		if (marker != null) {
			try {
				Files.writeString(Path.of(marker), "gadget class loaded\n");
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		}
	}

	private String command = "";

	public String getCommand() {
		return this.command;
	}

	public void setCommand(String command) {
		this.command = command;
	}

	static void touch() {
	}

}
