package io.github.asynctask.autoconfigure.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskFailedException;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.autoconfigure.flow.ResultsIntegrationTests.Calculator;
import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Result futures on a queue with four shards on one Redis: the result is stored in the
 * shard that ran the task, and every future finds it there, whichever shard that is; a
 * dead task fails its future from any shard; {@code template.result} looks in every
 * shard.
 */
@ExtendWith(FlushedRedisExtension.class)
class ShardedResultsIntegrationTests {

	private static final int CALLS = 12;

	private final ApplicationContextRunner runner;

	ShardedResultsIntegrationTests(RedisServer redis) {
		this.runner = ResultsIntegrationTests.calculatorRunner(redis.springDataRedisProperties())
			.withPropertyValues("async-task.queues.calc.shards=4");
	}

	@Test
	void everyFutureCompletesWhicheverShardRanItsTask() {
		this.runner.run((context) -> {
			Calculator calculator = context.getBean(Calculator.class);
			List<CompletableFuture<Long>> squares = new ArrayList<>();
			for (int i = 0; i < CALLS; i++) {
				squares.add(calculator.square(i));
			}
			for (int i = 0; i < CALLS; i++) {
				assertThat(squares.get(i).get(20, TimeUnit.SECONDS)).isEqualTo((long) i * i);
			}
		});
	}

	@Test
	void everyDeadTaskFailsItsFutureWithItsLastErrorOnEveryShard() {
		this.runner.run((context) -> {
			Calculator calculator = context.getBean(Calculator.class);
			List<CompletableFuture<Long>> failing = new ArrayList<>();
			for (int i = 0; i < CALLS; i++) {
				failing.add(calculator.fail(i));
			}
			for (int i = 0; i < CALLS; i++) {
				CompletableFuture<Long> future = failing.get(i);
				assertThatThrownBy(() -> future.get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
					.cause()
					.isInstanceOf(TaskFailedException.class)
					.hasMessageContaining("calc.fail")
					.hasMessageContaining("no square for " + i);
			}
		});
	}

	@Test
	void theTemplateFindsAResultInAnyShard() {
		this.runner.withPropertyValues("async-task.retention.completed=1m").run((context) -> {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Calculator calculator = context.getBean(Calculator.class);
			List<String> ids = new ArrayList<>();
			for (int i = 0; i < CALLS; i++) {
				long n = i;
				ids.add(template.submit(TaskOptions.defaults(), () -> calculator.square(n)).taskId());
			}
			for (int i = 0; i < CALLS; i++) {
				assertThat(template.result(ids.get(i), Long.class).get(20, TimeUnit.SECONDS)).isEqualTo((long) i * i);
			}
		});
	}

}
