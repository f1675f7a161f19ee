package io.github.asynctask.testing;

import io.github.asynctask.autoconfigure.AsyncTaskWorkers;
import io.github.asynctask.testing.TestShop.Letter;
import io.github.asynctask.testing.TestShop.MailTasks;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application's existing {@code @SpringBootTest}, written before async-task was added:
 * with the test module on the classpath its tasks are recorded, no worker starts and no
 * Redis connection is opened, without any annotation of the test module.
 */
@SpringBootTest
class DefaultModeTests extends WithoutRedisTests {

	@Autowired
	private ApplicationContext context;

	@Autowired
	private MailTasks mail;

	@Test
	void aTestWithoutTheAnnotationRecordsAndStartsNoWorker() {
		this.mail.send(new Letter(42, "ada@example.com"));

		AsyncTaskRecorder recorder = this.context.getBean(AsyncTaskRecorder.class);
		assertThat(recorder.submitted("mail.send")).hasSize(1);
		assertThat(this.mail.sent()).isEmpty();
		assertThat(this.context.getBeanProvider(AsyncTaskWorkers.class).getIfAvailable()).isNull();
	}

}
