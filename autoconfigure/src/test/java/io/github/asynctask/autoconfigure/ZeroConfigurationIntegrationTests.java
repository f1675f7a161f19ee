package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskState;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Annotate, call, and it runs: an application with no {@code async-task.*} property
 * serves every queue its task methods use; {@code enabled: false} leaves a queue to other
 * instances. Real Redis, public API only.
 */
@ExtendWith({ RedisExtension.class, OutputCaptureExtension.class })
class ZeroConfigurationIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		AccountTasks.ran.clear();
		this.runner = WorkerContexts.on(redis, AccountTasks.class);
	}

	@Test
	void withNoPropertiesTasksOfTheDefaultAndOfANamedQueueRun(CapturedOutput output) {
		this.runner.run((context) -> {
			AccountTasks tasks = context.getBean(AccountTasks.class);
			tasks.audit("a-1");
			tasks.open("o-1");
			await().atMost(WAIT).until(() -> AccountTasks.ran.containsAll(Set.of("audit a-1", "open o-1")));
			assertThat(output).contains("Started async-task workers {acc=8, default=8}")
				.doesNotContain("is not served")
				.doesNotContain("is disabled here");
		});
	}

	@Test
	void aDisabledQueueStaysPendingWhileTheOthersRun(CapturedOutput output) {
		this.runner.withPropertyValues("async-task.queues.acc.enabled=false", "async-task.lease=3s").run((context) -> {
			AccountTasks tasks = context.getBean(AccountTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			String opened = template.submit(TaskOptions.defaults(), () -> tasks.open("o-2")).taskId();
			tasks.audit("a-2");
			await().atMost(WAIT).until(() -> AccountTasks.ran.contains("audit a-2"));
			assertThat(template.find(opened))
				.hasValueSatisfying((info) -> assertThat(info.state()).isEqualTo(TaskState.PENDING));
			assertThat(AccountTasks.ran).doesNotContain("open o-2");
			assertThat(output).contains("Started async-task workers {default=8}");
			// a heartbeat (lease / 3) after start, no live instance serves 'acc'
			await().atMost(WAIT)
				.untilAsserted(() -> assertThat(output).contains("Queue 'acc' (tasks AccountTasks.open) is "
						+ "disabled here by async-task.queues.acc.enabled=false and no live instance serves it"));
		});
	}

	@Test
	void submittedTasksGetIdsOf14CharactersOnceTheInstanceNumberIsClaimed(RedisServer redis) {
		this.runner.withPropertyValues("async-task.queues.acc.enabled=false").run((context) -> {
			AccountTasks tasks = context.getBean(AccountTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			// the claim starts with the submitter; a submit before its answer gets a ULID
			String id = await().atMost(WAIT)
				.until(() -> template.submit(TaskOptions.defaults(), () -> tasks.open("o-4")).taskId(),
						(taskId) -> taskId.length() == 14);
			assertThat(id).matches("[-0-9A-Z_a-z]{14}");
			assertThat(template.find(id)).hasValueSatisfying((info) -> assertThat(info.id()).isEqualTo(id));
			assertThat(redis.cli("KEYS", "*:{instances}:n:*")).as("the claimed number's key").isNotBlank();
		});
	}

	@Test
	void aDisabledQueueThatAnotherLiveInstanceServesIsNotWarnedAbout(CapturedOutput output) {
		this.runner.run((serving) -> {
			assertThat(serving).hasNotFailed();
			this.runner.withPropertyValues("async-task.queues.acc.enabled=false").run((leaving) -> {
				AccountTasks tasks = leaving.getBean(AccountTasks.class);
				tasks.open("o-3");
				await().atMost(WAIT).until(() -> AccountTasks.ran.contains("open o-3"));
				RedisBroker broker = leaving.getBean(RedisBroker.class);
				await().atMost(WAIT)
					.until(() -> broker.instances().values().stream().anyMatch((info) -> info.contains("\"acc\"")));
				// the check the warning runs a heartbeat after start, run now
				leaving.getBean(UnservedQueuesWarning.class).check(Set.of("acc"));
				assertThat(output).doesNotContain("Queue 'acc' (tasks");
			});
		});
	}

	@Test
	void aQueueListedWithoutTaskMethodsIsServedWithOneInfoLine(CapturedOutput output) {
		this.runner.withPropertyValues("async-task.queues.mail.concurrency=2").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(output).contains("Started async-task workers {acc=8, default=8, mail=2}")
				.containsOnlyOnce("Queue 'mail' is listed under async-task.queues but no @AsyncTask method of this "
						+ "application uses it; serving it for the applications that submit to it");
		});
	}

	@Test
	void aDottedQueueNameSetWithoutBracketsIsWarnedAboutNamingTheBracketForm(CapturedOutput output) {
		this.runner.withBean(RegionTasks.class)
			.withPropertyValues("async-task.queues.acc.eu.concurrency=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(output)
					.contains(
							"a queue name with dots goes in brackets, e.g. " + "async-task.queues[acc.eu].concurrency")
					.doesNotContain("acc.eu=2");
			});
	}

	@Test
	void aDottedQueueNameInBracketsIsTuned(CapturedOutput output) {
		this.runner.withBean(RegionTasks.class)
			.withPropertyValues("async-task.queues[acc.eu].concurrency=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(output).contains("acc.eu=2").doesNotContain("goes in brackets");
			});
	}

	public static class RegionTasks {

		@AsyncTask(queue = "acc.eu")
		public void openInEurope(String account) {
		}

	}

	public static class AccountTasks {

		static final Set<String> ran = ConcurrentHashMap.newKeySet();

		@AsyncTask
		public void audit(String entry) {
			ran.add("audit " + entry);
		}

		@AsyncTask(queue = "acc")
		public void open(String account) {
			ran.add("open " + account);
		}

	}

}
