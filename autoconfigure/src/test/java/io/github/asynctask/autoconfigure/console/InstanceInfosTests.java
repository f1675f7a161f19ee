package io.github.asynctask.autoconfigure.console;

import java.util.Map;

import io.github.asynctask.autoconfigure.console.Views.Server;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the console and endpoint show of the workers serving a queue, read from the
 * heartbeat info: threads of its own, or a pool's with the queue's weight, and rate
 * limits.
 */
class InstanceInfosTests {

	private static final String INFO = """
			{"host":"h","pid":1,"busy":3,"threads":24,"queues":{
			  "mail":{"busy":1,"concurrency":8,"rateLimits":{"mail":"100/1s"}},
			  "main":{"busy":2,"concurrency":16,"pool":{"queues":{"critical":6,"low":1},"strict":false},
			          "rateLimits":{"low":"5/1m"}}}}
			""";

	private final InstanceInfos infos = new InstanceInfos(Map.of("i1", INFO));

	@Test
	void aQueueWithThreadsOfItsOwnShowsThemAndItsRateLimit() {
		assertThat(this.infos.serving("mail")).containsExactly(new Server("i1", 1, 8, null, 0, false, "100/1s"));
	}

	@Test
	void aPooledQueueShowsThePoolsThreadsItsWeightAndItsRateLimit() {
		assertThat(this.infos.serving("critical")).containsExactly(new Server("i1", 2, 16, "main", 6, false, null));
		assertThat(this.infos.serving("low")).containsExactly(new Server("i1", 2, 16, "main", 1, false, "5/1m"));
		assertThat(this.infos.serving("main")).isEmpty();
		assertThat(this.infos.serving("other")).isEmpty();
	}

}
