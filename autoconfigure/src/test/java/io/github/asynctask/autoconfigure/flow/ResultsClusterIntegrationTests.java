package io.github.asynctask.autoconfigure.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskFailedException;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.autoconfigure.flow.ResultsIntegrationTests.Calculator;
import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Result futures of a queue with four shards on a three-master Redis Cluster: each
 * shard's results live in its own slot, and every future (values, deaths,
 * {@code template.result}) finds them there.
 */
@ExtendWith(RedisClusterExtension.class)
class ResultsClusterIntegrationTests {

	private static final int CALLS = 8;

	@Test
	void everyFutureOfAShardedQueueEndsOnACluster(RedisCluster cluster) {
		ResultsIntegrationTests
			.calculatorRunner("spring.data.redis.cluster.nodes=" + String.join(",", cluster.hostPorts()),
					"async-task.queues.calc.shards=4", "async-task.retention.completed=1m")
			.run((context) -> {
				Calculator calculator = context.getBean(Calculator.class);
				AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
				List<CompletableFuture<Long>> squares = new ArrayList<>();
				List<CompletableFuture<Long>> failing = new ArrayList<>();
				List<String> ids = new ArrayList<>();
				for (int i = 0; i < CALLS; i++) {
					long n = i;
					squares.add(calculator.square(n));
					failing.add(calculator.fail(n));
					ids.add(template.submit(TaskOptions.defaults(), () -> calculator.square(n + 100)).taskId());
				}
				for (int i = 0; i < CALLS; i++) {
					assertThat(squares.get(i).get(20, TimeUnit.SECONDS)).isEqualTo((long) i * i);
					CompletableFuture<Long> dead = failing.get(i);
					assertThatThrownBy(() -> dead.get(20, TimeUnit.SECONDS)).cause()
						.isInstanceOf(TaskFailedException.class)
						.hasMessageContaining("no square for " + i);
					assertThat(template.result(ids.get(i), Long.class).get(20, TimeUnit.SECONDS))
						.isEqualTo((long) (i + 100) * (i + 100));
				}
			});
	}

}
