package io.github.asynctask.testing;

import io.github.asynctask.testing.TestShop.Letter;
import io.github.asynctask.testing.TestShop.MailTasks;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test class's {@link AutoConfigureAsyncTask#mode()} wins over the suite's
 * {@code async-task.test.mode}.
 */
@SpringBootTest(properties = "async-task.test.mode=inline")
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.RECORD)
class AnnotationOverSuiteModeTests extends WithoutRedisTests {

	@Autowired
	private AsyncTaskRecorder recorder;

	@Autowired
	private MailTasks mail;

	@Test
	void theClassModeWins() {
		this.mail.send(new Letter(42, "ada@example.com"));

		assertThat(this.recorder.submitted("mail.send")).hasSize(1);
		assertThat(this.mail.sent()).isEmpty();
	}

}
