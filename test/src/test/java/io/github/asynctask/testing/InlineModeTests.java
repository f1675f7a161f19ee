package io.github.asynctask.testing;

import java.time.Duration;

import io.github.asynctask.testing.TestShop.Letter;
import io.github.asynctask.testing.TestShop.MailTasks;
import io.github.asynctask.testing.TestShop.Owner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link AsyncTaskTestMode#INLINE}: bodies run on the calling thread, at once or right
 * after the commit, outside the committed transaction; a failing body fails the test.
 */
@SpringBootTest
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.INLINE)
class InlineModeTests extends WithoutRedisTests {

	@Autowired
	private AsyncTaskRecorder recorder;

	@Autowired
	private MailTasks mail;

	@Autowired
	private TransactionTemplate transaction;

	@BeforeEach
	void forgetSentMail() {
		this.mail.sent().clear();
		this.mail.sentInTransaction().clear();
	}

	@Test
	void outsideATransactionTheBodyRunsBeforeTheCallReturns() {
		this.mail.send(new Letter(42, "ada@example.com"));

		assertThat(this.mail.sent()).containsExactly(new Letter(42, "ada@example.com"));
		assertThat(this.recorder.submitted("mail.send")).hasSize(1);
	}

	@Test
	void insideATransactionTheBodyRunsAfterTheCommitOutsideIt() {
		this.transaction.executeWithoutResult((status) -> {
			this.mail.send(new Letter(42, "ada@example.com"));
			assertThat(this.mail.sent()).as("before the commit").isEmpty();
		});

		assertThat(this.mail.sent()).containsExactly(new Letter(42, "ada@example.com"));
		assertThat(this.mail.sentInTransaction()).containsExactly(false);
	}

	@Test
	void aRolledBackTransactionRunsNothing() {
		this.transaction.executeWithoutResult((status) -> {
			this.mail.send(new Letter(42, "ada@example.com"));
			status.setRollbackOnly();
		});

		assertThat(this.mail.sent()).isEmpty();
		assertThat(this.recorder.submitted()).isEmpty();
	}

	@Test
	void aDelayedTaskIsRecordedButNotRun() {
		this.mail.later(42);

		assertThat(this.recorder.submitted(MailTasks.class, "later")).singleElement()
			.satisfies((task) -> assertThat(task.delay()).isEqualTo(Duration.ofHours(1)));
		assertThat(this.mail.sent()).isEmpty();
	}

	@Test
	void aFailingBodyFailsTheCall() {
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> this.mail.send(new Letter(42, "")))
			.withMessageContaining("MailTasks.send (task 'mail.send') failed when run inline")
			.withCauseInstanceOf(IllegalStateException.class)
			.withStackTraceContaining("Letter for order 42 has no recipient");
	}

	@Test
	void aBodyFailingAfterTheCommitFailsTheCommitterAndTheOtherTasksStillRun() {
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> this.transaction.executeWithoutResult((status) -> {
				this.mail.send(new Letter(1, ""));
				this.mail.send(new Letter(2, "bob@example.com"));
			}))
			.withStackTraceContaining("Letter for order 1 has no recipient");
		assertThat(this.mail.sent()).containsExactly(new Letter(2, "bob@example.com"));
	}

	@Test
	void anArgumentReadBackWithLessDataFailsTheTestInsteadOfRunning() {
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> this.mail.remind(new Owner().pet("Rex").pet("Tom")))
			.withMessageContaining("Argument 0 ('owner') of ")
			.withMessageContaining("MailTasks.remind (task 'mail.remind')")
			.withMessageContaining("owner.pets: 2 elements passed, 0 read back");
		assertThat(this.recorder.submitted()).isEmpty();
	}

}
