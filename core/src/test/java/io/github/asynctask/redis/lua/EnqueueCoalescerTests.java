package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult.Outcome;
import io.github.asynctask.redis.EnqueueResult;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The coalescer's hand-over between callers, with a sender the test holds at will: who
 * sends, what each call carries, and what each caller gets back.
 */
class EnqueueCoalescerTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	/** Every call the sender got, in order. */
	private final List<List<String>> calls = new CopyOnWriteArrayList<>();

	/** Calls hold here until the test lets one go (null: calls go at once). */
	private volatile BlockingQueue<Function<List<EnqueueRequest>, List<EnqueueResult>>> gate;

	private final EnqueueCoalescer coalescer = new EnqueueCoalescer(this::send, 500);

	private final List<Thread> threads = new ArrayList<>();

	@AfterEach
	void stopThreads() {
		this.threads.forEach(Thread::interrupt);
	}

	@Test
	void aLoneSubmitIsSentAtOnceOnItsCallersThread() {
		assertThat(this.coalescer.enqueue(request("a"))).isEqualTo(enqueued("a"));
		assertThat(this.coalescer.enqueue(request("b"))).isEqualTo(enqueued("b"));
		assertThat(this.calls).containsExactly(List.of("a"), List.of("b"));
	}

	@Test
	void submitsArrivingWhileACallIsInFlightGoTogetherInTheNextAndEachGetsItsOwnResult() throws Exception {
		hold();
		CompletableFuture<EnqueueResult> first = submit("first");
		awaitCalls(1);
		List<CompletableFuture<EnqueueResult>> later = new ArrayList<>();
		for (String id : List.of("b", "c", "d", "e")) {
			later.add(submit(id));
		}
		awaitWaiting(4);
		release(this::answerEach);
		assertThat(first.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(enqueued("first"));
		release(this::answerEach);
		for (int i = 0; i < later.size(); i++) {
			assertThat(later.get(i).get(WAIT.toSeconds(), TimeUnit.SECONDS))
				.isEqualTo(enqueued(List.of("b", "c", "d", "e").get(i)));
		}
		assertThat(this.calls).hasSize(2);
		assertThat(this.calls.get(1)).containsExactlyInAnyOrder("b", "c", "d", "e");
	}

	@Test
	void aCallWithoutReplyFailsEveryCallerInItWithItsOwnException() throws Exception {
		List<CompletableFuture<EnqueueResult>> waiting = waitingBehindAnAnsweredCall("b", "c");
		CompletableFuture<EnqueueResult> b = waiting.get(0);
		CompletableFuture<EnqueueResult> c = waiting.get(1);
		release((requests) -> {
			throw new RedisUnavailableException("no reply", new RedisCommandTimeoutException("no reply in time"));
		});
		Throwable failedB = failure(b);
		Throwable failedC = failure(c);
		assertThat(List.of(failedB, failedC))
			.allSatisfy((failure) -> assertThat(failure).isInstanceOf(RedisUnavailableException.class)
				.hasMessage("no reply")
				.hasCauseInstanceOf(RedisCommandTimeoutException.class));
		assertThat(failedB).isNotSameAs(failedC);
		assertThat(this.calls).hasSize(2);
	}

	@Test
	void aCallRedisRefusesIsSentAgainRequestByRequestSoOnlyTheBadOneFails() throws Exception {
		List<CompletableFuture<EnqueueResult>> waiting = waitingBehindAnAnsweredCall("good", "bad");
		CompletableFuture<EnqueueResult> good = waiting.get(0);
		CompletableFuture<EnqueueResult> bad = waiting.get(1);
		Function<List<EnqueueRequest>, List<EnqueueResult>> refuseBad = (requests) -> {
			if (requests.stream().anyMatch((request) -> request.id().equals("bad"))) {
				throw new RedisUnavailableException("refused", new RedisCommandExecutionException("WRONGTYPE"));
			}
			return answerEach(requests);
		};
		release(refuseBad); // the group
		release(refuseBad); // one alone
		release(refuseBad); // the other alone
		assertThat(good.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(enqueued("good"));
		assertThat(failure(bad)).isInstanceOf(RedisUnavailableException.class).hasMessage("refused");
		assertThat(this.calls).hasSize(4);
	}

	@Test
	void aCallerInterruptedBeforeAnyCallTookItsSubmitGivesUpAndItIsNeverSent() throws Exception {
		hold();
		CompletableFuture<EnqueueResult> first = submit("first");
		awaitCalls(1);
		AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
		CompletableFuture<EnqueueResult> interrupted = new CompletableFuture<>();
		Thread caller = start(() -> {
			try {
				interrupted.complete(this.coalescer.enqueue(request("interrupted")));
			}
			catch (RuntimeException ex) {
				interrupted.completeExceptionally(ex);
			}
			stillInterrupted.set(Thread.currentThread().isInterrupted());
		});
		awaitWaiting(1);
		caller.interrupt();
		assertThat(failure(interrupted)).isInstanceOf(RedisUnavailableException.class)
			.hasMessageContaining("it was not sent");
		caller.join(WAIT.toMillis());
		assertThat(stillInterrupted.get()).isTrue();
		release(this::answerEach);
		assertThat(first.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(enqueued("first"));
		assertThat(this.calls).containsExactly(List.of("first"));
	}

	@Test
	void anInterruptOfTheSendingCallerDoesNotBreakTheOthersCall() throws Exception {
		AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
		EnqueueCoalescer coalescer = new EnqueueCoalescer((requests) -> {
			this.calls.add(requests.stream().map(EnqueueRequest::id).toList());
			if (this.calls.size() == 1) {
				Thread.currentThread().interrupt(); // as the wait for the reply would be
				throw new RedisUnavailableException("interrupted while waiting for Redis", new InterruptedException());
			}
			return answerEach(requests);
		}, 500);
		Thread.currentThread().interrupt();
		EnqueueResult result = coalescer.enqueue(request("a"));
		stillInterrupted.set(Thread.interrupted());
		assertThat(result).isEqualTo(enqueued("a"));
		assertThat(stillInterrupted.get()).isTrue();
		assertThat(this.calls).containsExactly(List.of("a"), List.of("a"));
	}

	/**
	 * Submits ids while a first call is held in Redis, then answers that first call: the
	 * ids wait as the next group, held until the test releases it.
	 */
	private List<CompletableFuture<EnqueueResult>> waitingBehindAnAnsweredCall(String... ids) throws Exception {
		hold();
		CompletableFuture<EnqueueResult> first = submit("first");
		awaitCalls(1);
		List<CompletableFuture<EnqueueResult>> waiting = new ArrayList<>();
		for (String id : ids) {
			waiting.add(submit(id));
		}
		awaitWaiting(ids.length);
		release(this::answerEach);
		first.get(WAIT.toSeconds(), TimeUnit.SECONDS);
		return waiting;
	}

	private void hold() {
		this.gate = new LinkedBlockingQueue<>();
	}

	private void release(Function<List<EnqueueRequest>, List<EnqueueResult>> answer) {
		this.gate.add(answer);
	}

	private List<EnqueueResult> send(List<EnqueueRequest> requests) {
		this.calls.add(requests.stream().map(EnqueueRequest::id).toList());
		BlockingQueue<Function<List<EnqueueRequest>, List<EnqueueResult>>> gate = this.gate;
		if (gate == null) {
			return answerEach(requests);
		}
		try {
			return gate.take().apply(requests);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RedisUnavailableException("interrupted", ex);
		}
	}

	private List<EnqueueResult> answerEach(List<EnqueueRequest> requests) {
		return requests.stream().map((request) -> enqueued(request.id())).toList();
	}

	private CompletableFuture<EnqueueResult> submit(String id) {
		CompletableFuture<EnqueueResult> result = new CompletableFuture<>();
		start(() -> {
			try {
				result.complete(this.coalescer.enqueue(request(id)));
			}
			catch (RuntimeException ex) {
				result.completeExceptionally(ex);
			}
		});
		return result;
	}

	private Thread start(Runnable action) {
		Thread thread = new Thread(action, "submitter-" + this.threads.size());
		this.threads.add(thread);
		thread.start();
		return thread;
	}

	private void awaitCalls(int count) {
		await().atMost(WAIT).until(() -> this.calls.size() >= count);
	}

	private void awaitWaiting(int count) {
		await().atMost(WAIT).until(() -> this.coalescer.waiting() >= count);
	}

	private static Throwable failure(CompletableFuture<EnqueueResult> future) throws InterruptedException {
		try {
			future.get(WAIT.toSeconds(), TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			return ex.getCause();
		}
		catch (java.util.concurrent.TimeoutException ex) {
			throw new AssertionError("no outcome within " + WAIT, ex);
		}
		throw new AssertionError("expected a failure");
	}

	private static EnqueueRequest request(String id) {
		return EnqueueRequest.now("q1", id, "mail.send", "{}", 0);
	}

	private static EnqueueResult enqueued(String id) {
		return new EnqueueResult(id, Outcome.ENQUEUED);
	}

}
