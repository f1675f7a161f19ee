package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.EnqueueResult.Outcome;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Concurrent single submits share script calls, sequential ones do not wait for company,
 * and every caller gets its own outcome or its own call's failure.
 */
class BrokerCoalescingIntegrationTests extends BrokerIntegrationTestSupport {

	private static final int THREADS = 16;

	private static final int PER_THREAD = 50;

	private final ExecutorService pool = Executors.newFixedThreadPool(THREADS);

	@AfterEach
	void stopThreads() {
		this.pool.shutdownNow();
		fixture.redis.cli("CLIENT", "UNPAUSE");
	}

	@Test
	void sequentialSubmitsAreOneScriptCallEach() {
		fixture.enqueue(); // the script is loaded
		fixture.redis.cli("CONFIG", "RESETSTAT");
		for (int i = 0; i < 20; i++) {
			fixture.enqueue();
		}
		assertThat(scriptCalls()).isEqualTo(20);
	}

	@Test
	void concurrentSubmitsShareScriptCallsAndEachCallerGetsItsOwnOutcome() throws Exception {
		fixture.enqueue();
		fixture.redis.cli("CONFIG", "RESETSTAT");
		CountDownLatch start = new CountDownLatch(1);
		List<Future<List<Submitted>>> threads = new ArrayList<>();
		for (int t = 0; t < THREADS; t++) {
			threads.add(this.pool.submit(() -> {
				start.await();
				List<Submitted> submitted = new ArrayList<>();
				for (int i = 0; i < PER_THREAD; i++) {
					// every other submit has a bizId that 31 other submits share
					EnqueueRequest request = BrokerFixture.request(BrokerFixture.newId());
					if (i % 2 == 0) {
						request = request.withBizId("order-" + (i / 2), Duration.ofMinutes(1));
					}
					submitted.add(new Submitted(request, this.broker.enqueue(request)));
				}
				return submitted;
			}));
		}
		start.countDown();
		List<Submitted> all = new ArrayList<>();
		for (Future<List<Submitted>> thread : threads) {
			all.addAll(thread.get());
		}

		assertThat(scriptCalls()).isLessThan(THREADS * PER_THREAD);
		Map<String, List<Submitted>> byBizId = all.stream()
			.filter((submitted) -> submitted.request().bizId() != null)
			.collect(Collectors.groupingBy((submitted) -> submitted.request().bizId()));
		assertThat(byBizId).hasSize(PER_THREAD / 2);
		byBizId.forEach((bizId, submits) -> {
			List<Submitted> winners = submits.stream()
				.filter((submitted) -> submitted.result().outcome() == Outcome.ENQUEUED)
				.toList();
			assertThat(winners).as("bizId %s", bizId).hasSize(1);
			String holder = winners.get(0).request().id();
			assertThat(winners.get(0).result().id()).isEqualTo(holder);
			assertThat(submits).filteredOn((submitted) -> submitted != winners.get(0))
				.allSatisfy((submitted) -> assertThat(submitted.result())
					.isEqualTo(new EnqueueResult(holder, Outcome.DUPLICATE)));
		});
		assertThat(all).filteredOn((submitted) -> submitted.request().bizId() == null)
			.allSatisfy((submitted) -> assertThat(submitted.result())
				.isEqualTo(new EnqueueResult(submitted.request().id(), Outcome.ENQUEUED)));
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(1 + THREADS * PER_THREAD / 2 + PER_THREAD / 2);
	}

	@Test
	void aCallWithoutReplyFailsEachOfItsCallersAndTheirResendsAreHarmless() throws Exception {
		// a connection of its own, so the other tests' connection never sees the pause
		LettuceConnectionFactory connections = RedisConnections.standalone(fixture.redis);
		try {
			// connected and the script loaded with the default timeout, however slow the
			// machine
			LuaRedisBroker patient = new LuaRedisBroker(connections, this.keys);
			patient.enqueue(BrokerFixture.request(BrokerFixture.newId()));
			failThenResend(new LuaRedisBroker(connections, this.keys, Duration.ZERO, Duration.ofMillis(300)), patient);
		}
		finally {
			fixture.redis.cli("CLIENT", "UNPAUSE");
			connections.destroy();
		}
	}

	private void failThenResend(LuaRedisBroker hasty, LuaRedisBroker patient) throws Exception {
		// Redis holds every script call from now on: each call ends without a reply
		fixture.redis.cli("CLIENT", "PAUSE", "60000", "WRITE");
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < THREADS; i++) {
			EnqueueRequest request = BrokerFixture.request(BrokerFixture.newId());
			requests.add((i % 4 == 0) ? request.withBizId("paid-" + i, Duration.ofMinutes(1)) : request);
		}
		List<Throwable> failures = assertTimeoutPreemptively(Duration.ofSeconds(30),
				() -> failures(submitTogether(hasty, requests)));
		assertThat(failures).hasSize(THREADS)
			.allSatisfy((failure) -> assertThat(failure).isInstanceOf(RedisUnavailableException.class)
				.hasMessageContaining("script 'enqueue'"));

		// the calls may run late once Redis takes commands again; sending again records
		// each task once
		fixture.redis.cli("CLIENT", "UNPAUSE");
		List<Future<EnqueueResult>> resent = submitTogether(patient, requests);
		for (int i = 0; i < THREADS; i++) {
			EnqueueResult result = resent.get(i).get();
			assertThat(result.id()).isEqualTo(requests.get(i).id());
			assertThat(result.outcome()).isIn(Outcome.ENQUEUED, Outcome.ALREADY_EXISTS, Outcome.DUPLICATE);
		}
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isEqualTo(1 + THREADS);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(1 + THREADS);
	}

	@Test
	void aTaskRedisRefusesFailsOnlyItsOwnSubmit() throws Exception {
		fixture.enqueue();
		// a dedup key of the wrong type: the enqueue script refuses the call before any
		// write
		String unique = this.keys.unique(QUEUE, "mail.send", "broken");
		fixture.redis.cli("HSET", unique, "f", "v");
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < THREADS * 4; i++) {
			EnqueueRequest request = BrokerFixture.request(BrokerFixture.newId());
			requests.add((i % 16 == 5) ? request.withBizId("broken", Duration.ofMinutes(1)) : request);
		}
		List<Future<EnqueueResult>> results = submitTogether(this.broker, requests);
		for (int i = 0; i < requests.size(); i++) {
			Future<EnqueueResult> result = results.get(i);
			if (requests.get(i).bizId() != null) {
				assertThatExceptionOfType(Exception.class).isThrownBy(result::get)
					.havingCause()
					.isInstanceOf(RedisUnavailableException.class)
					.withMessageContaining("holds a hash");
			}
			else {
				// the refused call wrote nothing: sent again on its own, each is enqueued
				// once
				assertThat(result.get().id()).isEqualTo(requests.get(i).id());
				assertThat(result.get().outcome()).isEqualTo(Outcome.ENQUEUED);
			}
		}
	}

	/** Each request from its own thread, all released at once. */
	private List<Future<EnqueueResult>> submitTogether(LuaRedisBroker broker, List<EnqueueRequest> requests) {
		CountDownLatch start = new CountDownLatch(1);
		List<Future<EnqueueResult>> futures = new ArrayList<>();
		for (EnqueueRequest request : requests) {
			Callable<EnqueueResult> submit = () -> {
				start.await();
				return broker.enqueue(request);
			};
			futures.add(this.pool.submit(submit));
		}
		start.countDown();
		return futures;
	}

	private static List<Throwable> failures(List<Future<EnqueueResult>> futures) throws InterruptedException {
		List<Throwable> failures = new ArrayList<>();
		for (Future<EnqueueResult> future : futures) {
			try {
				future.get();
			}
			catch (java.util.concurrent.ExecutionException ex) {
				failures.add(ex.getCause());
			}
		}
		return failures;
	}

	/** Script calls Redis has run since the last {@code CONFIG RESETSTAT}. */
	private long scriptCalls() {
		String stats = fixture.redis.cli("INFO", "commandstats");
		long calls = 0;
		for (String line : stats.split("\r?\n")) {
			if (line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:")) {
				String field = line.substring(line.indexOf("calls=") + 6);
				calls += Long.parseLong(field.substring(0, field.indexOf(',')));
			}
		}
		return calls;
	}

	private record Submitted(EnqueueRequest request, EnqueueResult result) {
	}

}
