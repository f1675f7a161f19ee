package io.github.asynctask.autoconfigure.console;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.redis.store.BulkActions;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.context.ConfigurableApplicationContext;

import static io.github.asynctask.autoconfigure.console.ConsoleTestApplication.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The bulk retry's promise when it is cut off: each chunk is one script, so a request
 * stopped at a chunk boundary (its chunk limit, then the application closed) or by its
 * Redis connections dropped mid-request leaves every task either dead or pending, none
 * lost and none pending twice; repeating the request finishes the rest.
 */
@ExtendWith(FlushedRedisExtension.class)
class ConsoleBulkInterruptionIntegrationTests {

	private static final String[] WRITES = { "async-task.console.enabled=true",
			"async-task.console.writes-enabled=true", "async-task.console.write-role=" };

	private static final String RETRY_DEAD = "/asynctask/api/queues/mail/bulk?state=dead&action=retry";

	// dead tasks d-1..d-N of mail.receipt, as the retry script leaves them
	private static final String SEED = """
			local now = tonumber(ARGV[2])
			for i = 1, tonumber(ARGV[1]) do
			  local id = 'd-' .. i
			  redis.call('HSET', KEYS[1], id, cjson.encode({ v = 2, n = 'mail.receipt', s = 'd', a = 1, m = 0,
			    c = now, t = now, e = 'boom ' .. i }))
			  redis.call('HSET', KEYS[2], id, '{"v":1,"args":[' .. i .. '],"h":{}}')
			  redis.call('ZADD', KEYS[3], now + i, id)
			end
			return 1
			""";

	private final HttpClient http = HttpClient.newHttpClient();

	private final RedisServer redis;

	ConsoleBulkInterruptionIntegrationTests(RedisServer redis) {
		this.redis = redis;
	}

	@Test
	void aRequestStoppedAtItsChunkLimitAndTheApplicationClosedLosesAndDuplicatesNothing() throws Exception {
		int total = TaskActions.MAX_CHUNKS * BulkActions.CHUNK + 250;
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis, WRITES)) {
			seed(context, total);
			HttpResponse<String> first = post(context, RETRY_DEAD);
			assertThat(first.statusCode()).isEqualTo(200);
			assertThat(first.body()).contains("\"acted\":" + (total - 250)).contains("\"finished\":false");
		}
		assertEveryTaskDeadOrPendingOnce(total);
		assertThat(pending()).hasSize(total - 250);
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis, WRITES)) {
			HttpResponse<String> rest = post(context, RETRY_DEAD);
			assertThat(rest.body()).contains("\"acted\":250").contains("\"finished\":true");
		}
		assertEveryTaskDeadOrPendingOnce(total);
		assertThat(pending()).hasSize(total);
	}

	@Test
	void aRequestWhoseRedisConnectionsDropMidwayLosesAndDuplicatesNothing() throws Exception {
		int total = 20_000;
		try (ConfigurableApplicationContext context = ConsoleTestApplication.start(this.redis, WRITES)) {
			seed(context, total);
			CompletableFuture<HttpResponse<String>> request = CompletableFuture.supplyAsync(() -> {
				try {
					return post(context, RETRY_DEAD);
				}
				catch (IOException | InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			});
			await().atMost(Duration.ofSeconds(30)).until(() -> request.isDone() || llen() > 0);
			AtomicInteger kills = new AtomicInteger();
			await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> {
				if (!request.isDone()) {
					// every client connection but this one: the chunk in flight loses its
					// reply
					this.redis.cli("CLIENT", "KILL", "TYPE", "normal");
					kills.incrementAndGet();
				}
				return request.isDone();
			});
			// answered 200 (Lettuce re-sent the chunk on a new connection) or an error:
			// either way
			HttpResponse<String> answer = request.get();
			assertThat(answer.statusCode()).as(answer.body()).isIn(200, 503);
			if (answer.statusCode() == 503) {
				assertThat(answer.body()).contains("Redis is unavailable").contains("repeat the request");
			}
			assertEveryTaskDeadOrPendingOnce(total);
			// a repeat (or a few, while Lettuce reconnects) finishes the rest
			await().atMost(Duration.ofSeconds(60)).until(() -> {
				post(context, RETRY_DEAD);
				return llen() == total;
			});
			assertEveryTaskDeadOrPendingOnce(total);
			assertThat(kills.get()).as("connections dropped while the request ran").isPositive();
		}
	}

	private void seed(ConfigurableApplicationContext context, int count) {
		context.getBean(RedisBroker.class).registerQueues(List.of(QUEUE));
		this.redis.cli("EVAL", SEED, "3", "asynctask:{mail}:t", "asynctask:{mail}:p", "asynctask:{mail}:dead",
				Integer.toString(count), Long.toString(System.currentTimeMillis()));
	}

	private void assertEveryTaskDeadOrPendingOnce(int total) {
		List<String> pending = pending();
		Set<String> pendingIds = new HashSet<>(pending);
		assertThat(pendingIds).as("no task pending twice").hasSize(pending.size());
		Set<String> dead = new HashSet<>(members(this.redis.cli("ZRANGE", "asynctask:{mail}:dead", "0", "-1")));
		assertThat(dead).as("no task both dead and pending").doesNotContainAnyElementsOf(pendingIds);
		assertThat(dead.size() + pendingIds.size()).as("no task lost").isEqualTo(total);
		assertThat(Long.parseLong(this.redis.cli("HLEN", "asynctask:{mail}:t").strip())).isEqualTo(total);
		for (String id : List.of("d-1", "d-" + (total / 2), "d-" + total)) {
			assertThat(dead.contains(id) || pendingIds.contains(id)).as(id).isTrue();
		}
	}

	private List<String> pending() {
		return members(this.redis.cli("LRANGE", "asynctask:{mail}:pending", "0", "-1"));
	}

	private long llen() {
		return Long.parseLong(this.redis.cli("LLEN", "asynctask:{mail}:pending").strip());
	}

	private static List<String> members(String reply) {
		return (reply == null || reply.isEmpty()) ? List.of() : Arrays.asList(reply.split("\n"));
	}

	private HttpResponse<String> post(ConfigurableApplicationContext context, String path)
			throws IOException, InterruptedException {
		URI uri = URI.create("http://localhost:" + context.getEnvironment().getProperty("local.server.port") + path);
		return this.http.send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.noBody()).build(),
				HttpResponse.BodyHandlers.ofString());
	}

}
