package io.github.asynctask.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.asynctask.annotation.AsyncTask;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The application under test: a mail task, as a user's application would have one.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(TestShop.MailTasks.class)
class TestShop {

	record Letter(long orderId, String to) {

	}

	/** Its accessor masks the number, which its constructor then refuses. */
	record Card(String number) {

		Card {
			if (!number.matches("\\d{16}")) {
				throw new IllegalArgumentException("a card number has 16 digits");
			}
		}

		@Override
		public String number() {
			return "************" + this.number.substring(12);
		}

	}

	/** Jackson cannot write it: its getter throws. */
	static class Attachment {

		public String getContent() {
			throw new IllegalStateException("attachment is gone");
		}

	}

	/**
	 * Its pets are reached by methods that are no bean properties: the codec leaves them
	 * out, and an owner with pets comes back with none.
	 */
	public static class Owner {

		private String name = "";

		private final List<String> pets = new ArrayList<>();

		public String getName() {
			return this.name;
		}

		public void setName(String name) {
			this.name = name;
		}

		Owner pet(String pet) {
			this.pets.add(pet);
			return this;
		}

	}

	// Public: the worker calls task methods by reflection without making them accessible.
	public static class MailTasks {

		private final List<Letter> sent = new CopyOnWriteArrayList<>();

		private final List<Boolean> sentInTransaction = new CopyOnWriteArrayList<>();

		// Methods, not fields: the bean is a proxy, whose own fields are empty.
		public List<Letter> sent() {
			return this.sent;
		}

		/** Whether a transaction was active in each run of {@link #send}. */
		public List<Boolean> sentInTransaction() {
			return this.sentInTransaction;
		}

		@AsyncTask(name = "mail.send", queue = "mail", maxRetries = 0)
		public void send(Letter letter) {
			if (letter.to().isEmpty()) {
				throw new IllegalStateException("Letter for order " + letter.orderId() + " has no recipient");
			}
			this.sentInTransaction.add(TransactionSynchronizationManager.isActualTransactionActive());
			this.sent.add(letter);
		}

		@AsyncTask(name = "mail.charge", queue = "mail")
		public void charge(Card card) {
		}

		@AsyncTask(name = "mail.attach", queue = "mail")
		public void attach(Attachment attachment) {
		}

		@AsyncTask(name = "mail.remind", queue = "mail")
		public void remind(Owner owner) {
		}

		@AsyncTask(name = "mail.later", queue = "unserved", delay = "1h")
		public void later(long orderId) {
			this.sent.add(new Letter(orderId, "later"));
		}

		@AsyncTask(name = "mail.unserved", queue = "unserved")
		public void unserved(long orderId) {
		}

	}

}
