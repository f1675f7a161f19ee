package io.github.asynctask.testing;

import io.github.asynctask.testing.TestShop.Letter;
import io.github.asynctask.testing.TestShop.MailTasks;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code async-task.test.mode} sets the mode of every test class that does not choose one
 * with {@link AutoConfigureAsyncTask} (a suite sets it in its test resources; here the
 * test's own properties stand for them).
 */
@SpringBootTest(properties = "async-task.test.mode=inline")
class SuiteModePropertyTests extends WithoutRedisTests {

	@Autowired
	private AsyncTaskRecorder recorder;

	@Autowired
	private MailTasks mail;

	@BeforeEach
	void forgetSentMail() {
		this.mail.sent().clear();
	}

	@Test
	void theSuitesModeAppliesToATestWithoutTheAnnotation() {
		this.mail.send(new Letter(42, "ada@example.com"));

		assertThat(this.mail.sent()).containsExactly(new Letter(42, "ada@example.com"));
		assertThat(this.recorder.submitted("mail.send")).hasSize(1);
	}

}
