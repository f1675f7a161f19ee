package io.github.asynctask.context;

import io.github.asynctask.TaskProgress;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * What a body sees through {@link TaskContext}: the current task while it runs, checked
 * progress of which only the latest is taken for the heartbeat, and the cancel flag.
 */
class TaskContextTests {

	@Test
	void theContextIsCurrentOnlyWhileEntered() {
		TaskContext context = new TaskContext("t-1", "export.run");
		assertThat(TaskContext.find()).isEmpty();
		try (TaskContext.Scope scope = context.enter()) {
			assertThat(TaskContext.current()).isSameAs(context);
		}
		assertThatIllegalStateException().isThrownBy(TaskContext::current).withMessageContaining("@AsyncTask body");
	}

	@Test
	void onlyTheLatestProgressIsTakenAndOnlyOnce() {
		TaskContext context = new TaskContext("t-1", "export.run");
		for (int i = 0; i <= 100; i++) {
			context.progress(i, "row " + i);
		}
		TaskProgress taken = context.takeProgress();
		assertThat(taken.percent()).isEqualTo(100);
		assertThat(taken.message()).isEqualTo("row 100");
		assertThat(context.takeProgress()).isNull();
		context.offerBack(taken);
		context.progress(7, null);
		assertThat(context.takeProgress().percent()).as("newer progress wins over one offered back").isEqualTo(7);
		assertThat(context.lastProgress()).get().extracting(TaskProgress::message).isEqualTo("");
	}

	@Test
	void progressOutOfRangeOrTooLongIsRefusedNamingTheTask() {
		TaskContext context = new TaskContext("t-1", "export.run");
		assertThatIllegalArgumentException().isThrownBy(() -> context.progress(101, "over"))
			.withMessageContaining("export.run")
			.withMessageContaining("0 to 100");
		assertThatIllegalArgumentException().isThrownBy(() -> context.progress(-1, "under"));
		assertThatIllegalArgumentException().isThrownBy(() -> context.progress(5, "x".repeat(201)))
			.withMessageContaining("at most 200 characters");
		assertThat(context.takeProgress()).isNull();
	}

	@Test
	void theCancelFlagIsSetByTheWorker() {
		TaskContext context = new TaskContext("t-1", "export.run");
		assertThat(context.isCancelled()).isFalse();
		context.markCancelled();
		assertThat(context.isCancelled()).isTrue();
	}

}
