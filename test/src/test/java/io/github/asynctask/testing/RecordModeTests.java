package io.github.asynctask.testing;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.codec.TaskCodecException;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.testing.TestShop.Attachment;
import io.github.asynctask.testing.TestShop.Card;
import io.github.asynctask.testing.TestShop.Letter;
import io.github.asynctask.testing.TestShop.MailTasks;
import io.github.asynctask.testing.TestShop.Owner;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * {@link AsyncTaskTestMode#RECORD}: what was submitted, with which arguments, and never a
 * Redis connection (the configured Redis address only counts connections).
 */
@SpringBootTest
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.RECORD)
class RecordModeTests extends WithoutRedisTests {

	@Autowired
	private AsyncTaskRecorder recorder;

	@Autowired
	private MailTasks mail;

	@Autowired
	private AsyncTaskTemplate template;

	@Autowired
	private RedisBroker broker;

	@Autowired
	private TransactionTemplate transaction;

	@Test
	void aSubmitIsRecordedWithItsArgumentsReadBackAndNotRun() {
		this.mail.send(new Letter(42, "ada@example.com"));

		assertThat(this.recorder.submitted(MailTasks.class, "send")).singleElement().satisfies((task) -> {
			assertThat(task.name()).isEqualTo("mail.send");
			assertThat(task.queue()).isEqualTo("mail");
			assertThat(task.arg(0, Letter.class)).isEqualTo(new Letter(42, "ada@example.com"));
		});
		assertThat(this.recorder.submitted("mail.send")).hasSize(1);
		assertThat(this.mail.sent()).isEmpty();
	}

	@Test
	void aSubmitGetsATaskIdAsShortAsWithRedisAndTheBrokerAnswersClaimsWithoutRedis() {
		assertThat(this.broker.claimIdNumber("test", 7, Duration.ofMinutes(10), 0)).isNotNull();
		await().atMost(Duration.ofSeconds(10)).until(() -> {
			this.mail.send(new Letter(1, "ada@example.com"));
			List<RecordedTask> submitted = this.recorder.submitted();
			return submitted.get(submitted.size() - 1).id().length() == 14;
		});
	}

	@Test
	void optionsOfTheTemplateAreRecorded() {
		this.template.submit(TaskOptions.defaults().bizId("letter-7"),
				() -> this.mail.send(new Letter(7, "bob@example.com")));

		assertThat(this.recorder.submitted()).singleElement().satisfies((task) -> {
			assertThat(task.bizId()).isEqualTo("letter-7");
			assertThat(task.arg(0, Letter.class).orderId()).isEqualTo(7);
		});
	}

	@Test
	void aSubmitInsideATransactionIsRecordedOnlyOnceItCommits() {
		this.transaction.executeWithoutResult((status) -> {
			this.mail.send(new Letter(42, "ada@example.com"));
			assertThat(this.recorder.submitted()).as("before the commit").isEmpty();
		});

		assertThat(this.recorder.submitted("mail.send")).hasSize(1);
	}

	@Test
	void aSubmitInsideATransactionThatRollsBackIsNeverRecorded() {
		this.transaction.executeWithoutResult((status) -> {
			this.mail.send(new Letter(42, "ada@example.com"));
			status.setRollbackOnly();
		});

		assertThat(this.recorder.submitted()).isEmpty();
	}

	@Test
	void anArgumentTheCodecCannotWriteFailsTheCallAsInProduction() {
		assertThatExceptionOfType(TaskCodecException.class).isThrownBy(() -> this.mail.attach(new Attachment()))
			.withMessageContaining("Argument 0 ('attachment'")
			.withMessageContaining("cannot be written as JSON");
		assertThat(this.recorder.submitted()).isEmpty();
	}

	@Test
	void anArgumentAWorkerCouldNotReadBackFailsTheTest() {
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> this.mail.charge(new Card("4111111111111111")))
			.withMessageContaining("MailTasks.charge")
			.withMessageContaining("could not read back (the task would die)");
	}

	@Test
	void anArgumentReadBackWithLessDataFailsTheTestNamingTheMethodAndParameter() {
		Owner owner = new Owner().pet("Rex").pet("Tom");

		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> this.transaction.executeWithoutResult((status) -> this.mail.remind(owner)))
			.withMessageContaining("Argument 0 ('owner')")
			.withMessageContaining("MailTasks.remind")
			.withMessageContaining("owner.pets: 2 elements passed, 0 read back");
		assertThat(this.recorder.submitted()).isEmpty();
	}

	@Test
	void aMethodThatIsNoTaskIsNamedInTheError() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.recorder.submitted(MailTasks.class, "post"))
			.withMessageContaining("No @AsyncTask method MailTasks.post is registered")
			.withMessageContaining("task 'mail.send'");
	}

}
