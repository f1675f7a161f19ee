package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.ArgumentCaptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

/**
 * Grouped acks against real Redis: what waits while a call is in flight goes in the next
 * call, a call Redis refused is re-sent from the pending reports, and a stop sends what
 * is queued. The broker is the real one, spied on only to hold a call or fail one.
 */
@ExtendWith(WorkerHarnessExtension.class)
class AckSenderIntegrationTests {

	private static final String QUEUE = "q";

	private static final String OTHER_QUEUE = "q2";

	private final WorkerHarness harness;

	private final LuaRedisBroker broker;

	private final PendingReports pending = new PendingReports();

	private final RunningTasks running = new RunningTasks();

	private final AckSender sender;

	private final List<AckSender> lingering = new ArrayList<>();

	AckSenderIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
		this.broker = spy(harness.broker);
		this.sender = new AckSender(this.broker, Duration.ZERO, this.pending);
	}

	@AfterEach
	void tearDown() {
		this.sender.halt();
		this.lingering.forEach(AckSender::halt);
	}

	/** A started sender whose groups wait up to {@code linger}; halted after the test. */
	private AckSender lingeringSender(Duration linger) {
		AckSender lingering = new AckSender(this.broker, Duration.ZERO, this.pending, linger);
		this.lingering.add(lingering);
		lingering.start();
		return lingering;
	}

	/**
	 * The broker's first {@code completeAll} waits for {@code release}; the latch
	 * returned opens when that call has begun.
	 */
	private CountDownLatch holdFirstCall(CountDownLatch release) {
		CountDownLatch entered = new CountDownLatch(1);
		doAnswer((call) -> {
			if (entered.getCount() == 1) {
				entered.countDown();
				assertThat(release.await(10, TimeUnit.SECONDS)).isTrue();
			}
			return call.callRealMethod();
		}).when(this.broker).completeAll(anyList(), any());
		return entered;
	}

	@Test
	void acksArrivingWhileACallIsInFlightGoTogetherInTheNext() throws Exception {
		CountDownLatch releaseFirstCall = new CountDownLatch(1);
		CountDownLatch firstCallEntered = holdFirstCall(releaseFirstCall);
		List<Report> reports = reportsFor(take(21));
		this.sender.start();
		this.sender.offer(reports.get(0), this.running);
		assertThat(firstCallEntered.await(10, TimeUnit.SECONDS)).isTrue();
		reports.subList(1, 21).forEach((report) -> this.sender.offer(report, this.running));
		releaseFirstCall.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.running.size() == 0);
		@SuppressWarnings("unchecked")
		ArgumentCaptor<List<Delivery>> groups = ArgumentCaptor.forClass(List.class);
		verify(this.broker, times(2)).completeAll(groups.capture(), any());
		assertThat(groups.getAllValues()).extracting(List::size).containsExactly(1, 20);
		assertThat(this.harness.broker.stats(QUEUE).active()).isZero();
		assertThat(this.harness.redis.cli("HLEN", this.harness.keys.tasks(QUEUE))).isEqualTo("0");
	}

	@Test
	void theAcksOfShortBodiesOfOneFetchWaitForEachOtherAndGoInOneCall() throws Exception {
		RunningTasks shortBodies = new RunningTasks(() -> true);
		List<Report> reports = reportsFor(take(3), shortBodies);
		AckSender lingering = lingeringSender(Duration.ofSeconds(30));
		lingering.offer(reports.get(0), shortBodies);
		lingering.offer(reports.get(1), shortBodies);
		// the third body still runs: the group waits for its ack, not for the linger
		Thread.sleep(200);
		verify(this.broker, never()).completeAll(anyList(), any());
		lingering.offer(reports.get(2), shortBodies);
		await().atMost(Duration.ofSeconds(10)).until(() -> shortBodies.size() == 0);
		@SuppressWarnings("unchecked")
		ArgumentCaptor<List<Delivery>> groups = ArgumentCaptor.forClass(List.class);
		verify(this.broker, times(1)).completeAll(groups.capture(), any());
		assertThat(groups.getValue()).hasSize(3);
	}

	@Test
	void anAckWhoseQueueHoldsNothingElseDoesNotWaitForTheLinger() {
		RunningTasks shortBodies = new RunningTasks(() -> true);
		List<Report> reports = reportsFor(take(1), shortBodies);
		lingeringSender(Duration.ofMinutes(5)).offer(reports.get(0), shortBodies);
		await().atMost(Duration.ofSeconds(10)).until(() -> shortBodies.size() == 0);
		assertThat(this.harness.broker.stats(QUEUE).active()).isZero();
	}

	@Test
	void aGroupOfTwoQueuesGoesInOneCallPerQueue() throws Exception {
		CountDownLatch releaseFirstCall = new CountDownLatch(1);
		CountDownLatch firstCallEntered = holdFirstCall(releaseFirstCall);
		List<Report> reports = reportsFor(take(QUEUE, 3));
		List<Report> others = reportsFor(take(OTHER_QUEUE, 2));
		this.sender.start();
		this.sender.offer(reports.get(0), this.running);
		assertThat(firstCallEntered.await(10, TimeUnit.SECONDS)).isTrue();
		this.sender.offer(others.get(0), this.running);
		this.sender.offer(reports.get(1), this.running);
		this.sender.offer(others.get(1), this.running);
		this.sender.offer(reports.get(2), this.running);
		releaseFirstCall.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.running.size() == 0);
		@SuppressWarnings("unchecked")
		ArgumentCaptor<List<Delivery>> groups = ArgumentCaptor.forClass(List.class);
		verify(this.broker, times(3)).completeAll(groups.capture(), any());
		// after the held call: one call per queue, in the order the queues first came
		List<List<Delivery>> calls = groups.getAllValues().subList(1, 3);
		assertThat(calls.get(0)).extracting(Delivery::queue).containsExactly(OTHER_QUEUE, OTHER_QUEUE);
		assertThat(calls.get(1)).extracting(Delivery::queue).containsExactly(QUEUE, QUEUE);
		assertThat(this.harness.broker.stats(QUEUE).active()).isZero();
		assertThat(this.harness.broker.stats(OTHER_QUEUE).active()).isZero();
	}

	@Test
	void aGroupRedisRefusedIsReSentFromThePendingReports() {
		// the sender may split the three acks over several calls, so Redis refuses them
		// all
		AtomicBoolean redisRefuses = new AtomicBoolean(true);
		doAnswer((call) -> {
			if (redisRefuses.get()) {
				throw new RedisUnavailableException("Redis could not run script 'complete' (injected)", null);
			}
			return call.callRealMethod();
		}).when(this.broker).completeAll(anyList(), any());
		List<Report> reports = reportsFor(take(3));
		this.sender.start();
		reports.forEach((report) -> this.sender.offer(report, this.running));
		await().atMost(Duration.ofSeconds(10)).until(() -> this.pending.size() == 3);
		assertThat(this.running.size()).isEqualTo(3);
		redisRefuses.set(false);
		this.pending.resend();
		assertThat(this.pending.size()).isZero();
		assertThat(this.running.size()).isZero();
		assertThat(this.harness.broker.stats(QUEUE).active()).isZero();
	}

	@Test
	void aSuccessRedisRefusedUntilPastItsLeaseIsStillAppliedWhenRedisAnswersAgain() {
		doThrow(new RedisUnavailableException("Redis could not run script 'complete' (injected)", null))
			.doCallRealMethod()
			.when(this.broker)
			.completeAll(anyList(), any());
		// the lease this instance knows of ended while Redis was away; nobody recovered
		// the task, so Redis still takes the success
		List<Report> reports = reportsFor(take(1), System.nanoTime() - 1);
		this.sender.start();
		this.sender.offer(reports.get(0), this.running);
		await().atMost(Duration.ofSeconds(10)).until(() -> this.pending.size() == 1);
		this.pending.resend();
		assertThat(this.pending.size()).isZero();
		assertThat(this.harness.broker.stats(QUEUE).active()).isZero();
		assertThat(this.harness.broker.stats(QUEUE).retry()).isZero();
	}

	@Test
	void stopSendsWhatIsQueuedBeforeItReturns() {
		List<Report> reports = reportsFor(take(50));
		this.sender.start();
		reports.forEach((report) -> this.sender.offer(report, this.running));
		this.sender.stop(Duration.ofSeconds(10));
		assertThat(this.running.size()).isZero();
		assertThat(this.pending.size()).isZero();
		assertThat(this.harness.broker.stats(QUEUE).active()).isZero();
	}

	@Test
	void aSenderThatIsNotRunningLeavesTheAckToTheCaller() {
		List<Report> reports = reportsFor(take(1));
		assertThat(this.sender.offer(reports.get(0), this.running)).isFalse();
		this.sender.start();
		this.sender.stop(Duration.ofSeconds(10));
		assertThat(this.sender.offer(reports.get(0), this.running)).isFalse();
	}

	private List<Delivery> take(int count) {
		return take(QUEUE, count);
	}

	private List<Delivery> take(String queue, int count) {
		for (int i = 0; i < count; i++) {
			this.harness.broker.enqueue(EnqueueRequest.now(queue, queue + "-t" + i, "count", "[]", 3));
		}
		List<Delivery> deliveries = this.harness.broker.dequeue(queue, count, Duration.ofMinutes(1));
		assertThat(deliveries).hasSize(count);
		return deliveries;
	}

	private List<Report> reportsFor(List<Delivery> deliveries) {
		return reportsFor(deliveries, System.nanoTime() + Duration.ofMinutes(1).toNanos());
	}

	private List<Report> reportsFor(List<Delivery> deliveries, long leaseValidUntil) {
		return reportsFor(deliveries, leaseValidUntil, this.running);
	}

	private List<Report> reportsFor(List<Delivery> deliveries, RunningTasks owner) {
		return reportsFor(deliveries, System.nanoTime() + Duration.ofMinutes(1).toNanos(), owner);
	}

	private List<Report> reportsFor(List<Delivery> deliveries, long leaseValidUntil, RunningTasks owner) {
		List<Report> reports = new ArrayList<>();
		for (Delivery delivery : deliveries) {
			RunningTask task = new RunningTask(delivery, leaseValidUntil);
			owner.add(task);
			reports
				.add(new Report(task, "complete", () -> this.harness.broker.complete(delivery, Duration.ZERO), () -> {
				}));
		}
		return reports;
	}

}
