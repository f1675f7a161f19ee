package io.github.asynctask.testing;

import java.time.Duration;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.test.RedisForSpringBootTests;
import io.github.asynctask.testing.TestShop.Letter;
import io.github.asynctask.testing.TestShop.MailTasks;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@link AsyncTaskTestMode#REDIS}: the application's own workers run the tasks from a
 * real Redis, and a drain waits for them.
 */
// Closes the context after the class, before its Redis stops.
@DirtiesContext
@SpringBootTest(properties = { "async-task.queues.mail.concurrency=2", "async-task.queues.early.concurrency=1",
		"async-task.queues.unserved.enabled=false", "async-task.defaults.backoff.delay=50ms" })
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.REDIS)
class DrainIntegrationTests implements RedisForSpringBootTests {

	@Autowired
	private AsyncTaskTestSupport tasks;

	@Autowired
	private MailTasks mail;

	@Autowired
	private AsyncTaskTemplate template;

	@BeforeEach
	void forgetSentMail() {
		this.mail.sent().clear();
	}

	@Test
	void aDrainReturnsOnceTheWorkersRanEveryTask() {
		for (int i = 0; i < 20; i++) {
			this.mail.send(new Letter(i, "ada@example.com"));
		}

		this.tasks.drain("mail", Duration.ofSeconds(30));

		assertThat(this.mail.sent()).hasSize(20);
	}

	@Test
	void aDrainOfEveryServedQueueWaitsForEachAndLeavesTasksNotDueYet() {
		this.mail.send(new Letter(1, "ada@example.com"));
		this.mail.later(1);

		this.tasks.drainAll(Duration.ofSeconds(30));

		assertThat(this.mail.sent()).hasSize(1);
	}

	@Test
	void aTaskThatDiesFailsTheDrainWithItsError() {
		this.mail.send(new Letter(42, ""));

		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> this.tasks.drain("mail", Duration.ofSeconds(30)))
			.withMessageContaining("1 task(s) died while draining: task 'mail.send'")
			.withMessageContaining("Letter for order 42 has no recipient");
	}

	@Test
	void aTaskThatDiedBeforeTheDrainStartedFailsItToo() {
		// a queue no other test drains
		this.template.submit(TaskOptions.defaults().queue("early"), () -> this.mail.send(new Letter(43, "")));
		await().atMost(Duration.ofSeconds(30)).until(() -> this.template.stats("early").dead() == 1);

		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> this.tasks.drain("early", Duration.ofSeconds(30)))
			.withMessageContaining("Letter for order 43 has no recipient");
	}

	@Test
	void aQueueNobodyServesIsNotDrainedInTime() {
		this.mail.unserved(7);

		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> this.tasks.drain("unserved", Duration.ofMillis(200)))
			.withMessageContaining("Not drained within PT0.2S: queue 'unserved' has 1 pending");
	}

}
