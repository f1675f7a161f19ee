package io.github.asynctask.autoconfigure.console;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import io.github.asynctask.autoconfigure.console.BrowseViews.BulkDone;
import io.github.asynctask.autoconfigure.console.BrowseViews.ListPage;
import io.github.asynctask.autoconfigure.console.BrowseViews.Point;
import io.github.asynctask.autoconfigure.console.BrowseViews.TaskRow;
import io.github.asynctask.redis.store.BulkActions;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.store.RedisHistory;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static io.github.asynctask.autoconfigure.console.ConsoleTestApplication.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's browse pages, bulk actions and history on a queue of 3 shards with tasks
 * in every shard: each page of a state lists every task of every shard exactly once, a
 * bulk retry acts on the dead of every shard, and the history sums the shards.
 */
@ExtendWith(RedisExtension.class)
class ShardedBrowseIntegrationTests {

	private static final List<String> SHARDS = List.of(QUEUE, QUEUE + "#1", QUEUE + "#2");

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void pagesBulkActionsAndHistoryCoverEveryShard(RedisServer redis) throws Exception {
		redis.flushAll();
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(redis,
				"async-task.console.enabled=true", "async-task.console.writes-enabled=true",
				"async-task.console.write-role=", "async-task.queues.mail.shards=3", "async-task.worker.enabled=false",
				"management.endpoints.web.exposure.include=asynctask")) {
			ShardedRedisBroker broker = (ShardedRedisBroker) context.getBean(RedisBroker.class);
			broker.registerQueues(List.of(QUEUE));
			Set<String> dead = new HashSet<>();
			Set<String> scheduled = new HashSet<>();
			Set<String> pending = new HashSet<>();
			// one running task, in shard 1
			String running = enqueue(broker.shards(), SHARDS.get(1), Duration.ZERO);
			assertThat(broker.shards().dequeue(SHARDS.get(1), 1, Duration.ofMinutes(5))).hasSize(1);
			for (String shard : SHARDS) {
				dead.addAll(seedDead(broker.shards(), shard, 3));
				for (int i = 0; i < 2; i++) {
					scheduled.add(enqueue(broker.shards(), shard, Duration.ofHours(1)));
				}
				for (int i = 0; i < 4; i++) {
					pending.add(enqueue(broker.shards(), shard, Duration.ZERO));
				}
			}
			assertThat(broker.shardStats(QUEUE)).allSatisfy((stats) -> {
				assertThat(stats.dead()).isEqualTo(3);
				assertThat(stats.scheduled()).isEqualTo(2);
				assertThat(stats.pending()).isEqualTo(4);
			});
			TaskBrowser browser = context.getBean(TaskBrowser.class);
			for (String order : List.of("newest", "oldest")) {
				assertThat(walk(browser, "dead", order, 2, dead.size())).as("dead " + order).isEqualTo(dead);
				assertThat(walk(browser, "scheduled", order, 4, scheduled.size())).as("scheduled " + order)
					.isEqualTo(scheduled);
				assertThat(walk(browser, "pending", order, 5, pending.size())).as("pending " + order)
					.isEqualTo(pending);
				assertThat(walk(browser, "active", order, 1, 1)).containsExactly(running);
			}
			// the console's JSON API and the actuator endpoint read the same pages
			String page = get(context, "/asynctask/api/queues/mail/browse?state=dead&count=200");
			assertThat(page).contains("\"total\":9");
			dead.forEach((id) -> assertThat(page).contains(id));
			String endpoint = get(context, "/actuator/asynctask/mail?state=scheduled&order=oldest&count=200");
			assertThat(endpoint).contains("\"total\":6");
			scheduled.forEach((id) -> assertThat(endpoint).contains(id));

			// a scheduled task of shard 2 runs now; a bulk retry runs the dead of every
			// shard
			String later = enqueue(broker.shards(), SHARDS.get(2), Duration.ofHours(1));
			TaskActions actions = context.getBean(TaskActions.class);
			assertThat(actions.runNow(QUEUE, later).message()).contains("runs next");
			assertThat(actions.kill(QUEUE, running, "console", null).message()).contains("is dead");
			dead.add(running);
			BulkDone done = actions.bulk(QUEUE, "dead", "retry", null);
			assertThat(done.acted()).isEqualTo(10);
			assertThat(done.finished()).isTrue();
			assertThat(done.message()).startsWith("Ran 10 dead tasks");
			assertThat(broker.stats(QUEUE).dead()).isZero();
			Set<String> runnable = new HashSet<>(pending);
			runnable.addAll(dead);
			runnable.add(later);
			assertThat(walk(browser, "pending", "oldest", 7, runnable.size())).isEqualTo(runnable);

			// the chunk limit is for the whole request: one chunk per (empty) shard here
			BulkActions bulk = new BulkActions(context.getBean(RedisConnectionFactory.class),
					context.getBean(RedisKeys.class), Duration.ofSeconds(5));
			assertThat(browser.shards().bulk(bulk, QUEUE, "completed", false, null, 2))
				.isEqualTo(new BulkActions.Outcome(0, 0, 2, false));
			assertThat(browser.shards().bulk(bulk, QUEUE, "completed", false, null, 3))
				.isEqualTo(new BulkActions.Outcome(0, 0, 3, true));

			// history: counts under every shard's keys are summed
			RedisHistory history = context.getBean(RedisHistory.class);
			Instant now = Instant.now();
			for (int i = 0; i < SHARDS.size(); i++) {
				history.add(SHARDS.get(i), now, i + 1, i);
			}
			List<Point> minutes = browser.history(QUEUE).perMinute();
			assertThat(get(context, "/actuator/asynctask/mail?view=history")).contains("\"processed\":6");
			assertThat(minutes.stream().mapToLong(Point::processed).sum()).isEqualTo(6);
			assertThat(minutes.stream().mapToLong(Point::failed).sum()).isEqualTo(3);
			assertThat(browser.history(QUEUE).perDay().stream().mapToLong(Point::processed).sum()).isEqualTo(6);
		}
	}

	/**
	 * Every page of a state from offset 0 on, {@code size} at a time: each page reports
	 * the total over all shards, and no task shows twice.
	 */
	private static Set<String> walk(TaskBrowser browser, String state, String order, int size, int total) {
		List<String> seen = new ArrayList<>();
		for (long offset = 0; offset <= total; offset += size) {
			ListPage page = browser.page(QUEUE, state, order, offset, size);
			assertThat(page.total()).isEqualTo(total);
			assertThat(page.tasks()).hasSize((int) Math.min(size, total - offset));
			page.tasks().stream().map(TaskRow::id).forEach(seen::add);
		}
		assertThat(seen).doesNotHaveDuplicates();
		return new HashSet<>(seen);
	}

	private static List<String> seedDead(RedisBroker shards, String shard, int count) {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			ids.add(enqueue(shards, shard, Duration.ZERO));
		}
		List<Delivery> taken = shards.dequeue(shard, count, Duration.ofSeconds(30));
		assertThat(taken).hasSize(count);
		taken.forEach((delivery) -> shards.kill(delivery, "boom"));
		return ids;
	}

	private static String enqueue(RedisBroker shards, String shard, Duration delay) {
		String id = UUID.randomUUID().toString();
		EnqueueRequest request = EnqueueRequest.now(shard, id, "mail.receipt", "{\"v\":1,\"args\":[1],\"h\":{}}", 0);
		shards.enqueue(delay.isZero() ? request : request.withDelay(delay));
		return id;
	}

	private String get(ConfigurableApplicationContext context, String path) throws IOException, InterruptedException {
		URI uri = URI.create("http://localhost:" + context.getEnvironment().getProperty("local.server.port") + path);
		return this.http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString()).body();
	}

}
