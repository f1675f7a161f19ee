package io.github.asynctask.reliability;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * An append-only file of one line per event, written with one unbuffered {@code write(2)}
 * per line so every record made before a {@code kill -9} is in the file (the kernel keeps
 * it; only a machine crash would need a sync).
 * <p>
 * Line formats, fields separated by one space, {@code ms} = epoch millis: <pre>
 * START ms id attempt token      a body started (worker)
 * END   ms id token OK|FAIL      the body returned or threw (worker)
 * ACK   ms id token action result  the broker answered complete/retry/kill/requeue with
 *                                  APPLIED, STALE or MISSING (worker)
 * SUBMIT ms id outcome           what the producer was told (producer)
 * TICK  ms id tick-ms            a periodic task's body starts, for this tick (worker)
 * HALT  ms id...                 the JVM halts after a flow mark, leaving these waiting
 *                                tasks owed a release (worker, {@link HaltAfterFlowMark})
 * HALT  ms point batch detail     the JVM halts in a batch's bookkeeping (worker,
 *                                {@link HaltInBatchBookkeeping})
 * CALLBACK ms id batch kind      a batch callback's body starts (worker, {@link BatchTasks})
 * ARG   ms id version value      a versioned body read this argument (worker, {@link VersionTasks})
 * </pre>
 */
final class Ledger implements AutoCloseable {

	private final FileOutputStream out;

	Ledger(Path file) {
		try {
			this.out = new FileOutputStream(file.toFile(), true);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot open ledger " + file, ex);
		}
	}

	/** Append one record; the fields must not contain spaces or line breaks. */
	synchronized void record(String kind, Object... fields) {
		StringBuilder line = new StringBuilder(kind).append(' ').append(System.currentTimeMillis());
		for (Object field : fields) {
			line.append(' ').append(field);
		}
		try {
			this.out.write(line.append('\n').toString().getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot append to a ledger", ex);
		}
	}

	@Override
	public synchronized void close() {
		try {
			this.out.close();
		}
		catch (IOException ex) {
			// the records are in the file already
		}
	}

}
