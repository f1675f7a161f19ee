package io.github.asynctask.sample;

import io.github.asynctask.TaskUpcaster;
import io.github.asynctask.annotation.AsyncTask;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.stereotype.Component;

/**
 * Writes the gift note of an order. Version 2 renamed the note's {@code to} to
 * {@code recipient}; gift notes submitted before the deploy, still waiting in Redis, are
 * rewritten by {@link RecipientRenamed} before they are read.
 */
@Component
public class GiftNoteTasks {

	private final ActivityLog activity;

	GiftNoteTasks(ActivityLog activity) {
		this.activity = activity;
	}

	// tag::gift-note[]
	/** Version 1 was {@code GiftNote(long orderId, String to, String message)}. */
	public record GiftNote(long orderId, String recipient, String message) {
	}

	@AsyncTask(name = "order.gift-note", queue = "mail", version = 2)
	public void writeGiftNote(GiftNote note) {
		this.activity.record("order.gift-note", "Gift note for order " + note.orderId() + " to " + note.recipient());
	}

	/** Stored version-1 gift notes: {@code "to"} becomes {@code "recipient"}. */
	@Component
	static class RecipientRenamed implements TaskUpcaster {

		@Override
		public String taskName() {
			return "order.gift-note";
		}

		@Override
		public int fromVersion() {
			return 1;
		}

		@Override
		public ArrayNode upcast(ArrayNode arguments) {
			ObjectNode note = (ObjectNode) arguments.get(0);
			note.set("recipient", note.remove("to"));
			return arguments;
		}

	}
	// end::gift-note[]

}
