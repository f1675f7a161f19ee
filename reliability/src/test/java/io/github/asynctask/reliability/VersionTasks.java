package io.github.asynctask.reliability;

import io.github.asynctask.TaskUpcaster;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.context.TaskContext;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One task, {@value #NAME}, at two versions for the rolling-deploy scenario: a worker JVM
 * (or the producer) has version 1 with {@code version=1} and version 2 with its upcaster
 * with {@code version=2}. Version 2 renamed the argument record's {@code to} to
 * {@code recipient}, the rename that without an upcaster silently reads {@code null}.
 * Each body writes {@code ARG ms id code-version value} with the value it read.
 */
public final class VersionTasks {

	static final String NAME = "rel.parcel";

	/** Keys with this prefix fail on version 1, so they wait in retry. */
	static final String FAILS_ON_V1 = "retry-";

	/** Keys with this prefix take 1 s on version 1, so they wait pending. */
	static final String SLOW_ON_V1 = "pending-";

	private VersionTasks() {
	}

	/**
	 * Version 1's argument.
	 *
	 * @param key the parcel
	 * @param to who gets it
	 */
	public record ParcelV1(String key, String to) {
	}

	/**
	 * Version 2's argument.
	 *
	 * @param key the parcel
	 * @param recipient who gets it (version 1's {@code to})
	 */
	public record ParcelV2(String key, String recipient) {
	}

	/** The code of version 1. */
	public static class V1 {

		private final Ledger ledger;

		public V1(Ledger ledger) {
			this.ledger = ledger;
		}

		@AsyncTask(name = NAME, queue = ReliabilityTasks.QUEUE, maxRetries = 5)
		public void send(ParcelV1 parcel) {
			this.ledger.record("ARG", TaskContext.current().taskId(), 1, parcel.to());
			try {
				// slow, so pending version-1 tasks still wait when version 2 starts
				Thread.sleep(parcel.key().startsWith(SLOW_ON_V1) ? 1000 : 0);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("interrupted", ex);
			}
			if (parcel.key().startsWith(FAILS_ON_V1)) {
				throw new IllegalStateException("version 1 cannot send " + parcel.key());
			}
		}

	}

	/** The code of version 2. */
	public static class V2 {

		private final Ledger ledger;

		public V2(Ledger ledger) {
			this.ledger = ledger;
		}

		@AsyncTask(name = NAME, queue = ReliabilityTasks.QUEUE, maxRetries = 5, version = 2)
		public void send(ParcelV2 parcel) {
			this.ledger.record("ARG", TaskContext.current().taskId(), 2, parcel.recipient());
		}

	}

	/** Version 1's {@code to} becomes version 2's {@code recipient}. */
	static class RecipientRenamed implements TaskUpcaster {

		@Override
		public String taskName() {
			return NAME;
		}

		@Override
		public int fromVersion() {
			return 1;
		}

		@Override
		public ArrayNode upcast(ArrayNode arguments) {
			ObjectNode parcel = (ObjectNode) arguments.get(0);
			parcel.set("recipient", parcel.remove("to"));
			return arguments;
		}

	}

}
