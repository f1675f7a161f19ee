package io.github.asynctask.submit;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.connection.ReconnectBackoff;
import io.github.asynctask.test.MutableClock;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generator and its number holder on a hand-moved clock and nanoTime, with Redis's
 * answers scripted: which ids come out, and when claims and renewals are asked for.
 */
class TaskIdGeneratorTests {

	private static final Duration LEASE = Duration.ofMinutes(10);

	private final MutableClock clock = MutableClock.at(Instant.parse("2026-03-01T00:00:00Z"));

	private final AtomicLong nanos = new AtomicLong(-5_000);

	private final ScriptedClaims claims = new ScriptedClaims();

	/** Claims and renewals asked for, run when a test says so. */
	private final Deque<Runnable> calls = new ArrayDeque<>();

	private final IdNumberHolder holder = new IdNumberHolder(this.claims, "me", this.clock, this.nanos::get,
			this.calls::add, LEASE);

	/**
	 * At most 4 ids per millisecond, so that overflows are quick to reach; no salt, so
	 * that sequences read as counts.
	 */
	private final TaskIdGenerator generator = new TaskIdGenerator(this.holder, this.clock, this.nanos::get, 3, 0);

	@Test
	void beforeTheFirstClaimAnswersIdsAreUlids() {
		this.claims.claims.add(number(7));
		assertThat(this.generator.next()).hasSize(26);
		assertThat(this.calls).hasSize(1);
		assertThat(this.generator.next()).as("one claim at a time").hasSize(26);
		answer();
		String id = this.generator.next();
		assertThat(id).hasSize(14);
		assertThat(ShortIds.number(id)).isEqualTo(7);
		assertThat(ShortIds.unixMillis(id)).isEqualTo(this.clock.millis());
	}

	@Test
	void idsOfOneMillisecondAreIncreasingAndAnOverflowBorrowsTheNextMillisecond() {
		claimed(number(7));
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			ids.add(this.generator.next());
		}
		assertThat(ids).isSorted().doesNotHaveDuplicates().allMatch((id) -> id.length() == 14);
		assertThat(ids).extracting(ShortIds::sequence).containsExactly(0L, 1L, 2L, 3L, 0L, 1L);
		long now = this.clock.millis();
		assertThat(ids).extracting(ShortIds::unixMillis).containsExactly(now, now, now, now, now + 1, now + 1);
		this.clock.advance(Duration.ofMillis(1));
		assertThat(this.generator.next()).as("the borrowed millisecond goes on").isGreaterThan(ids.get(5));
	}

	@Test
	void twoGeneratorsHoldingOneNumberAtOnceMakeDifferentIdsByTheirSalts() {
		claimed(number(7));
		TaskIdGenerator other = new TaskIdGenerator(this.holder, this.clock, this.nanos::get, TaskIdGenerator.MAX_COUNT,
				1);
		TaskIdGenerator salted = new TaskIdGenerator(this.holder, this.clock, this.nanos::get,
				TaskIdGenerator.MAX_COUNT, (1 << TaskIdGenerator.SALT_BITS) - 1);
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			ids.add(this.generator.next());
			ids.add(other.next());
			ids.add(salted.next());
		}
		long saltBits = ((1L << TaskIdGenerator.SALT_BITS) - 1) << (ShortIds.SEQUENCE_BITS - TaskIdGenerator.SALT_BITS);
		assertThat(ids).doesNotHaveDuplicates()
			.allMatch((id) -> ShortIds.number(id) == 7)
			.allMatch((id) -> ShortIds.unixMillis(id) == this.clock.millis());
		assertThat(List.of(ids.get(2), ids.get(5), ids.get(8))).as("one generator's ids still increase")
			.isSorted()
			.extracting(ShortIds::sequence)
			.containsExactly(saltBits, saltBits | 1, saltBits | 2);
	}

	@Test
	void aBrokerWithoutInstanceNumbersIsAskedOnceAndIdsStayUlids() {
		this.claims.failNext = new UnsupportedOperationException("no numbers here");
		assertThat(this.generator.next()).hasSize(26);
		answer();
		this.nanos.addAndGet(ReconnectBackoff.MAX.toNanos() * 10);
		assertThat(this.generator.next()).hasSize(26);
		assertThat(this.calls).as("not asked again").isEmpty();
		assertThat(this.claims.claimedFrom).isEmpty();
	}

	@Test
	void aClockSteppingBackKeepsTheLastTime() {
		claimed(number(7));
		String before = this.generator.next();
		this.clock.advance(Duration.ofSeconds(-30));
		String after = this.generator.next();
		assertThat(after).isGreaterThan(before);
		assertThat(ShortIds.unixMillis(after)).isEqualTo(ShortIds.unixMillis(before));
	}

	@Test
	void idsOfLaterMillisecondsAndOfOtherInstancesSortByTimeFirst() {
		String early = ShortIds.format(this.clock.millis(), 65_535, 3);
		String late = ShortIds.format(this.clock.millis() + 1, 0, 0);
		assertThat(early).isLessThan(late);
		assertThat(ShortIds.format(this.clock.millis(), 1, 3)).isLessThan(ShortIds.format(this.clock.millis(), 2, 0));
	}

	@Test
	void idsStartAfterThePreviousHoldersHorizon() {
		long horizon = this.clock.millis() + 90_000;
		claimed(new IdNumber(7, horizon, horizon + LEASE.toMillis()));
		String id = this.generator.next();
		assertThat(id).hasSize(14);
		assertThat(ShortIds.unixMillis(id)).isEqualTo(horizon + 1);
	}

	@Test
	void idsStopAtTheHorizonRecordedInRedis() {
		claimed(number(7));
		this.clock.advance(LEASE.plusMillis(1));
		assertThat(this.generator.next()).as("the wall clock leapt past the horizon").hasSize(26);
	}

	@Test
	void timesBeforeTheIdEpochGiveUlids() {
		this.clock.set(Instant.parse("2024-12-31T23:59:59Z"));
		claimed(number(7));
		assertThat(this.generator.next()).hasSize(26);
	}

	@Test
	void theNumberIsRenewedWhenHalfTheLeaseIsGone() {
		claimed(number(7));
		this.nanos.addAndGet(LEASE.toNanos() / 2 - 1);
		this.generator.next();
		assertThat(this.calls).isEmpty();
		this.nanos.addAndGet(1);
		this.claims.renewals.add(this.clock.millis() + LEASE.toMillis());
		assertThat(this.generator.next()).as("renewing does not hold the id up").hasSize(14);
		answer();
		assertThat(this.claims.renewed).containsExactly(7);
		this.nanos.addAndGet(LEASE.toNanos() / 2 + 1);
		assertThat(this.generator.next()).as("past the first deadline, within the renewed one").hasSize(14);
	}

	@Test
	void pastTheDeadlineWithoutARenewalIdsAreUlids() {
		claimed(number(7));
		this.nanos.addAndGet(LEASE.toNanos() / 2);
		this.claims.failNext = new IllegalStateException("Redis is down");
		this.generator.next();
		answer();
		long deadline = LEASE.toNanos() - LEASE.toNanos() / 10;
		this.nanos.addAndGet(deadline - LEASE.toNanos() / 2 - 1);
		assertThat(this.generator.next()).as("still before the deadline").hasSize(14);
		answer();
		this.nanos.addAndGet(1);
		assertThat(this.generator.next()).hasSize(26);
	}

	@Test
	void aFailedCallIsRetriedAfterAPause() {
		this.claims.failNext = new IllegalStateException("Redis is down");
		this.generator.next();
		answer();
		this.generator.next();
		assertThat(this.calls).isEmpty();
		// the first wait is at most 120 % of the first backoff
		this.nanos.addAndGet(ReconnectBackoff.FIRST.multipliedBy(2).toNanos());
		this.claims.claims.add(number(9));
		this.generator.next();
		answer();
		assertThat(ShortIds.number(this.generator.next())).isEqualTo(9);
	}

	@Test
	void aLostNumberIsClaimedAgainFromTheSameNumberAndIdsKeepIncreasing() {
		claimed(number(7));
		String before = this.generator.next();
		this.nanos.addAndGet(LEASE.toNanos() / 2);
		this.claims.renewals.add(null);
		this.claims.claims.add(number(3));
		this.generator.next();
		answer();
		assertThat(this.claims.claimedFrom).containsExactly(-1, 7);
		String after = this.generator.next();
		assertThat(ShortIds.number(after)).isEqualTo(3);
		assertThat(after).as("a lower number in the same millisecond").isGreaterThan(before);
	}

	@Test
	void whenEveryNumberIsHeldIdsAreUlids() {
		this.claims.claims.add(ScriptedClaims.NONE);
		this.generator.next();
		answer();
		assertThat(this.generator.next()).hasSize(26);
	}

	@Test
	void aClosedHolderAsksNoMoreAndItsNumberEndsAtTheDeadline() {
		claimed(number(7));
		this.generator.close();
		this.nanos.addAndGet(LEASE.toNanos() / 2);
		assertThat(this.generator.next()).hasSize(14);
		assertThat(this.calls).isEmpty();
		this.nanos.addAndGet(LEASE.toNanos() / 2);
		assertThat(this.generator.next()).hasSize(26);
	}

	private void claimed(IdNumber number) {
		this.claims.claims.add(number);
		this.generator.start();
		answer();
	}

	private IdNumber number(int number) {
		return new IdNumber(number, 0, this.clock.millis() + LEASE.toMillis());
	}

	private void answer() {
		while (!this.calls.isEmpty()) {
			this.calls.poll().run();
		}
	}

	/** Redis's answers, in order; the calls made. */
	static final class ScriptedClaims implements IdNumberClaims {

		static final IdNumber NONE = new IdNumber(-1, 0, 0);

		final Deque<IdNumber> claims = new ArrayDeque<>();

		/** A null entry: the number was lost. */
		final List<@Nullable Long> renewals = new ArrayList<>();

		final List<Integer> claimedFrom = new ArrayList<>();

		final List<Integer> renewed = new ArrayList<>();

		@Nullable RuntimeException failNext;

		private boolean first = true;

		@Override
		public @Nullable IdNumber claim(String instanceId, int from, Duration lease, long now) {
			fail();
			this.claimedFrom.add(this.first ? -1 : from);
			this.first = false;
			IdNumber number = this.claims.poll();
			return (number == NONE) ? null : number;
		}

		@Override
		public @Nullable Long renew(String instanceId, int number, Duration lease, long horizon) {
			fail();
			this.renewed.add(number);
			return this.renewals.remove(0);
		}

		private void fail() {
			RuntimeException failure = this.failNext;
			if (failure != null) {
				this.failNext = null;
				throw failure;
			}
		}

	}

}
