package io.github.asynctask.definition;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.NoRedisConfiguration;
import io.github.asynctask.TaskTestConfiguration;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.aop.CallCapture;
import io.github.asynctask.aop.TaskBodyInvoker;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.test.util.AopTestUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A task class a user declares without {@code public} (a plain {@code @Component class})
 * lives in another package than the invoker that calls its body through reflection.
 */
class NonPublicTaskClassTests {

	@Test
	void aTaskClassThatIsNotPublicRunsItsBody() {
		new ApplicationContextRunner().withUserConfiguration(TaskTestConfiguration.class, NoRedisConfiguration.class)
			.withBean("quietTasks", QuietTasks.class)
			.run((context) -> {
				QuietTasks tasks = context.getBean(QuietTasks.class);
				CallCapture.CapturedCall call = CallCapture.capture(() -> tasks.note("ada"));
				context.getBean(TaskBodyInvoker.class).invoke(call.definition(), call.args());
				assertThat(AopTestUtils.<QuietTasks>getUltimateTargetObject(tasks).notes).containsExactly("ada");
			});
	}

	@AsyncTask
	static class QuietTasks {

		final List<String> notes = new ArrayList<>();

		public void note(String what) {
			this.notes.add(what);
		}

	}

}
