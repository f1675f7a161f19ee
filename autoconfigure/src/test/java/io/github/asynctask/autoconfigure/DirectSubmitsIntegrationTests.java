package io.github.asynctask.autoconfigure;

import java.util.Arrays;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.autoconfigure.ZeroConfigurationIntegrationTests.AccountTasks;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code async-task.direct-submits}: on by default, a lone submit opens a connection of
 * its own to a standalone Redis; {@code false} sends every submit through the connection
 * factory's client, with no connection besides it. A submitting-only instance, so that no
 * worker opens blocking connections meanwhile.
 */
@ExtendWith(RedisExtension.class)
class DirectSubmitsIntegrationTests {

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		this.runner = WorkerContexts.withTasks(AccountTasks.class, "spring.data.redis.host=" + redis.host(),
				"spring.data.redis.port=" + redis.port(), "async-task.worker.enabled=false");
	}

	@Test
	void byDefaultALoneSubmitOpensOneConnectionOfItsOwn(RedisServer redis) {
		this.runner.run((context) -> assertThat(connectionsOpenedByFiveLoneSubmits(context, redis)).isOne());
	}

	@Test
	void switchedOffEverySubmitGoesThroughTheClientsConnection(RedisServer redis) {
		this.runner.withPropertyValues("async-task.direct-submits=false")
			.run((context) -> assertThat(connectionsOpenedByFiveLoneSubmits(context, redis)).isZero());
	}

	/** Connections Redis holds after five submits from this thread less those before. */
	private long connectionsOpenedByFiveLoneSubmits(ApplicationContext context, RedisServer redis) {
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		AccountTasks tasks = context.getBean(AccountTasks.class);
		// the client's shared connection is open once a call went through it
		assertThat(template.find("no-such-task")).isEmpty();
		long before = clients(redis);
		for (int i = 0; i < 5; i++) {
			tasks.audit("a-" + i);
		}
		assertThat(context.getBean(RedisBroker.class).stats("default").pending()).as("every submit reached Redis")
			.isEqualTo(5);
		return clients(redis) - before;
	}

	private static long clients(RedisServer redis) {
		return Arrays.stream(redis.cli("CLIENT", "LIST").split("\\R")).filter((line) -> line.startsWith("id=")).count();
	}

}
