package io.github.asynctask.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Scripts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatRuntimeException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Hostile or broken data in Redis moves that one task to dead with a reason; the rest of
 * the queue keeps flowing.
 */
class BrokerBadDataIntegrationTests extends BrokerIntegrationTestSupport {

	static Stream<Arguments> unreadableData() {
		return Stream.of(arguments("not JSON", "just bytes", "unreadable meta"),
				arguments("truncated JSON", "{\"v\":1,\"n\":\"x\"\n{}", "unreadable meta"),
				arguments("unknown version", "{\"v\":9,\"n\":\"x\",\"a\":0,\"k\":0,\"m\":1}\n{}",
						"unknown format version 9"),
				arguments("wrong types", "{\"v\":1,\"n\":\"x\",\"a\":\"zero\",\"k\":0,\"m\":1}\n{}", "lacks numeric"),
				arguments("JSON array as meta", "[1,2]\n{}", "unknown format version nil"),
				arguments("empty", "", "unreadable meta"),
				arguments("unknown version, meta alone", "{\"v\":9,\"n\":\"x\",\"a\":0,\"m\":1}",
						"unknown format version 9"),
				arguments("random bytes", "\u0000\u00ff\u0010\n\u0001", "unreadable meta"),
				arguments("packed, a letter for a number", "3|p|x|0||mail.send\n{}", "unreadable packed meta"),
				arguments("packed, fields missing", "3|p|1|0\n{}", "unreadable packed meta"),
				arguments("packed, unknown state", "3|q|1|0||mail.send\n{}", "unreadable packed meta"),
				arguments("packed, no payload", "3|p|1|0||mail.send", "unreadable packed meta"),
				arguments("packed pending, 20-digit max retries", "3|p|12345678901234567890|0||mail.send\n{}",
						"unreadable packed meta"),
				arguments("packed pending, 13-character time", "3|p|1|zzzzzzzzzzzzz||mail.send\n{}",
						"unreadable packed meta"),
				arguments("packed, 16-digit attempts", "3|a|1234567890123456|1|0|0|5|mail.send\n{}",
						"unreadable packed meta"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("unreadableData")
	void unreadableDataGoesToDeadWithTheReasonAndOthersStillFlow(String label, String raw, String reason) {
		String good = fixture.enqueue();
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), "poison", raw);
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "poison");
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).extracting(Delivery::id).containsExactly(good);
		TaskInfo dead = this.broker.find(QUEUE, "poison").orElseThrow();
		assertThat(dead.state()).isEqualTo(TaskState.DEAD);
		assertThat(dead.lastError()).startsWith("unreadable task data").contains(reason);
		assertThat(dead.payload()).isEqualTo(raw);
	}

	/**
	 * Numbers cjson reads but cannot write back (NaN, infinities), in each meta field a
	 * transition rewrites.
	 */
	static Stream<Arguments> nonFiniteMeta() {
		return Stream.of(arguments("a", "1e400"), arguments("c", "nan"), arguments("k", "-1e400"),
				arguments("m", "nan"), arguments("t", "1e400"), arguments("a", "-nan"), arguments("k", "inf"));
	}

	static String metaWith(String state, String field, String value) {
		String meta = "{\"v\":2,\"n\":\"mail.send\",\"s\":\"" + state + "\",\"a\":0,\"k\":0,\"m\":1,\"c\":0,\"t\":0}";
		return meta.replaceFirst("\"" + field + "\":[0-9]+", "\"" + field + "\":" + value);
	}

	@ParameterizedTest(name = "{0}:{1}")
	@MethodSource("nonFiniteMeta")
	void aNonFiniteNumberSendsThatTaskToDeadAndTheRestOfTheFetchFlows(String field, String value) {
		String before = fixture.enqueue();
		fixture.storeRaw("poison", metaWith("p", field, value), "{}");
		fixture.redis.cli("RPUSH", this.keys.pending(QUEUE), "poison"); // the front:
																		// popped first
		String after = fixture.enqueue();
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).extracting(Delivery::id).containsExactly(before, after);
		assertDeadWithReason("poison", "field " + field + " is not a finite number");
		assertThat(this.broker.stats(QUEUE)).satisfies((stats) -> {
			assertThat(stats.active()).isEqualTo(2);
			assertThat(stats.pending()).isZero();
		});
	}

	@ParameterizedTest(name = "{0}:{1}")
	@MethodSource("nonFiniteMeta")
	void aNonFiniteNumberInAForwardBatchLosesNothing(String field, String value) {
		storePoison("r", this.keys.retry(QUEUE), field, value);
		String good = fixture.enqueue();
		this.broker.retry(this.broker.dequeue(QUEUE, 1, LEASE).get(0), Duration.ZERO, "e");
		assertThat(this.broker.forward(QUEUE, 10).moved()).isEqualTo(2);
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).extracting(Delivery::id).containsExactly(good);
		assertDeadWithReason("poison", "field " + field + " is not a finite number");
	}

	@ParameterizedTest(name = "{0}:{1}")
	@MethodSource("nonFiniteMeta")
	void aNonFiniteNumberInARecoverBatchLosesNothing(String field, String value) {
		storePoison("a", this.keys.active(QUEUE), field, value);
		fixture.enqueue();
		Delivery expiring = this.broker.dequeue(QUEUE, 1, Duration.ZERO).get(0);
		assertThat(this.broker.recover(QUEUE, 10, Duration.ZERO).recovered()).isEqualTo(2);
		assertThat(this.broker.find(QUEUE, expiring.id()).orElseThrow().state()).isEqualTo(TaskState.RETRY);
		assertDeadWithReason("poison", "field " + field + " is not a finite number");
	}

	@ParameterizedTest(name = "{0}:{1}")
	@MethodSource("nonFiniteMeta")
	void reportsAboutANonFiniteDeliveryAreRefusedAndTheTaskStaysActive(String field, String value) {
		storePoison("a", this.keys.active(QUEUE), field, value);
		Delivery delivery = new Delivery(QUEUE, "poison", "mail.send", 1, 1, 1, "{}", java.time.Instant.EPOCH);
		assertThat(this.broker.complete(delivery, Duration.ofHours(1))).isEqualTo(AckResult.MISSING);
		assertThat(this.broker.retry(delivery, Duration.ZERO, "e")).isEqualTo(AckResult.MISSING);
		assertThat(this.broker.kill(delivery, "e")).isEqualTo(AckResult.MISSING);
		assertThat(this.broker.requeue(delivery)).isEqualTo(AckResult.MISSING);
		assertThat(fixture.zscore(this.keys.active(QUEUE), "poison")).isEqualTo("0");
		this.broker.recover(QUEUE, 10, Duration.ZERO);
		assertDeadWithReason("poison", "field " + field + " is not a finite number");
	}

	@ParameterizedTest(name = "{0}:{1}")
	@MethodSource("nonFiniteMeta")
	void aDeadTaskWithANonFiniteNumberCannotBeRetriedAndStaysDead(String field, String value) {
		storePoison("d", this.keys.dead(QUEUE), field, value);
		assertThatIllegalStateException().isThrownBy(() -> this.broker.retryDead(QUEUE, "poison"))
			.withMessageContaining("unreadable");
		assertThat(fixture.zscore(this.keys.dead(QUEUE), "poison")).isEqualTo("0");
		assertThat(this.broker.delete(QUEUE, "poison")).isTrue();
	}

	@Test
	void aPoisonedMetaWithAPayloadKeepsThePayloadAndQuotesTheMetaInTheReason() {
		fixture.storeRaw("poison", "{\"v\":2,\"n\":\"x\"", "{\"args\":[7]}");
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "poison");
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).isEmpty();
		TaskInfo dead = this.broker.find(QUEUE, "poison").orElseThrow();
		assertThat(dead.payload()).isEqualTo("{\"args\":[7]}");
		assertThat(dead.lastError()).contains("unreadable meta").contains("stored meta: {\"v\":2,\"n\":\"x\"");
	}

	/**
	 * Stores task "poison" with {@code value} in meta {@code field}, in the sorted set of
	 * its state with score 0 (an active one under token 1).
	 */
	private void storePoison(String state, String set, String field, String value) {
		fixture.storeRaw("poison", metaWith(state, field, value), "{}");
		fixture.redis.cli("ZADD", set, "0", "poison");
		if (state.equals("a")) {
			fixture.redis.cli("HSET", this.keys.leases(QUEUE), "poison", "1");
		}
	}

	private void assertDeadWithReason(String id, String reason) {
		TaskInfo dead = this.broker.find(QUEUE, id).orElseThrow();
		assertThat(dead.state()).isEqualTo(TaskState.DEAD);
		assertThat(dead.lastError()).startsWith("unreadable task data").contains(reason);
		assertThat(fixture.zscore(this.keys.dead(QUEUE), id)).isNotNull();
	}

	@Test
	void anIdWithoutDataGoesToDead() {
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "ghost");
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).isEmpty();
		assertThat(this.broker.find(QUEUE, "ghost").orElseThrow().lastError())
			.isEqualTo("unreadable task data: missing");
	}

	@Test
	void anUnreadableDeadTaskCannotBeRetriedButCanBeDeleted() {
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "ghost");
		this.broker.dequeue(QUEUE, 10, LEASE);
		assertThatIllegalStateException().isThrownBy(() -> this.broker.retryDead(QUEUE, "ghost"))
			.withMessageContaining("ghost")
			.withMessageContaining("unreadable");
		assertThat(this.broker.delete(QUEUE, "ghost")).isTrue();
	}

	@Test
	void dataCorruptedWhileActiveIsRecoveredToDead() {
		Delivery delivery = fixture.enqueueAndTake();
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), delivery.id(), "garbage");
		// kept as completed, the task would need its meta: refused
		assertThat(this.broker.complete(delivery, Duration.ofHours(1))).isEqualTo(AckResult.MISSING);
		fixture.redis.cli("ZADD", this.keys.active(QUEUE), "0", delivery.id());
		this.broker.recover(QUEUE, 10, Duration.ZERO);
		assertThat(this.broker.find(QUEUE, delivery.id()).orElseThrow().state()).isEqualTo(TaskState.DEAD);
	}

	@Test
	void dataCorruptedWhileActiveIsDroppedByASuccessWithoutRetention() {
		Delivery delivery = fixture.enqueueAndTake();
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), delivery.id(), "garbage");
		assertThat(this.broker.complete(delivery, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
		assertThat(this.broker.find(QUEUE, delivery.id())).isEmpty();
		assertThat(this.broker.stats(QUEUE).active()).isZero();
	}

	static Stream<Arguments> badNumbers() {
		return Stream.of(arguments("max retries", "x", "+0", "0"), arguments("max retries", "", "+0", "0"),
				arguments("max retries", "-1", "+0", "0"), arguments("run-at", "3", "+soon", "0"),
				arguments("run-at", "3", "1e400", "0"), arguments("dedup ttl", "3", "+0", "nan"),
				// written into the meta verbatim: a JSON reader refuses leading zeros
				arguments("max retries", "007", "+0", "0"));
	}

	/**
	 * A call whose second task carries a number the script cannot use: the first task,
	 * which claims a bizId, must not be half-written before the error (its dedup key
	 * would hold a task that never existed).
	 */
	@ParameterizedTest(name = "{0}: {1} {2} {3}")
	@MethodSource("badNumbers")
	void aBadNumberRefusesTheWholeCallBeforeAnyWrite(String field, String maxRetries, String runAt, String dedupTtl) {
		String claimed = this.keys.unique(QUEUE, "mail.send", "order-1");
		assertThatIllegalStateException()
			.isThrownBy(() -> enqueueTwo(claimed, this.keys.noUnique(QUEUE), maxRetries, runAt, dedupTtl))
			.withMessageContaining("task 2 (second) has a bad " + field)
			.withMessageContaining("nothing of this call was written");
		assertNothingEnqueued(claimed);
	}

	@Test
	void aDedupKeyOfAnotherTypeRefusesTheWholeCallBeforeAnyWrite() {
		String claimed = this.keys.unique(QUEUE, "mail.send", "order-1");
		String clobbered = this.keys.unique(QUEUE, "mail.send", "order-2");
		fixture.redis.cli("HSET", clobbered, "not", "ours");
		assertThatIllegalStateException().isThrownBy(() -> enqueueTwo(claimed, clobbered, "3", "+0", "60000"))
			.withMessageContaining("task 2 (second): its dedup key " + clobbered + " holds a hash")
			.withMessageContaining("nothing of this call was written");
		assertNothingEnqueued(claimed);
	}

	/**
	 * Task "first" claims bizId order-1; task "second" has the given dedup key and
	 * numbers.
	 */
	private void enqueueTwo(String firstKey, String secondKey, String maxRetries, String runAt, String dedupTtl) {
		String[] keys = { this.keys.tasks(QUEUE), this.keys.pending(QUEUE), this.keys.scheduled(QUEUE),
				this.keys.payloads(QUEUE), this.keys.wake(QUEUE), firstKey, secondKey, this.keys.done(QUEUE) };
		eval(Scripts.ENQUEUE, keys, this.keys.dueChannel(QUEUE), "first", "mail.send", "{}", "3", "+0", "60000",
				"second", "mail.send", "{}", maxRetries, runAt, dedupTtl);
	}

	private void assertNothingEnqueued(String claimed) {
		assertThat(fixture.redis.cli("EXISTS", claimed)).isEqualTo("0");
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isZero();
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isZero();
	}

	/**
	 * A lease that is not a whole number of ms: tonumber reads "1.5", "inf" and "nan",
	 * and the fetch record's PEXPIRE refused them only after the tasks were taken.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "soon", "1.5", "inf", "nan", "-1", "1e300" })
	void aFetchWithABadLeaseIsRefusedBeforeItPopsAnything(String lease) {
		String id = fixture.enqueue();
		assertThatIllegalStateException()
			.isThrownBy(() -> eval(Scripts.DEQUEUE, dequeueKeys(), "1", lease, "0", "0", "12345"))
			.withMessageContaining("must be whole numbers of at least 0");
		assertThat(fixture.redis.cli("LRANGE", this.keys.pending(QUEUE), "0", "-1")).isEqualTo(id);
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isZero();
	}

	/**
	 * A whole number too large to pass as an integer argument (1e300 reaches PEXPIRE as
	 * "1.0000000000000001e+300") passed the check and failed the fetch after its writes.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "0.5", "1e300" })
	void aFetchWithABadRatePeriodIsRefusedBeforeItPopsAnything(String period) {
		String id = fixture.enqueue();
		assertThatIllegalStateException()
			.isThrownBy(() -> eval(Scripts.DEQUEUE, dequeueKeys(), "1", "30000", "0", "0", "12345", "10", period))
			.withMessageContaining("a rate limit needs whole numbers");
		assertThat(fixture.redis.cli("LRANGE", this.keys.pending(QUEUE), "0", "-1")).isEqualTo(id);
	}

	/**
	 * A fetch token the packed meta has no room for (a bar, a newline: a worker sends
	 * digits) sends every task of its call down the general path: its task is stored as
	 * JSON with the token whole. The tokens are checked once per call, with plain
	 * searches.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "11|12", "11\n12" })
	void aFetchTokenThePackedMetaCannotHoldIsStoredWholeInJson(String token) {
		String first = fixture.enqueue();
		String second = fixture.enqueue();
		eval(Scripts.DEQUEUE, dequeueKeys(), "2", "30000", "0", "0", token, "13");
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), first)).startsWith("{")
			.contains("\"s\":\"a\"", "\"k\":\"" + token.replace("\n", "\\n") + "\"");
		// the other task of the call takes the general path too, which packs what it can
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), second)).startsWith("3|a|1|")
			.contains("|13|mail.send\n");
	}

	private String[] dequeueKeys() {
		return new String[] { this.keys.tasks(QUEUE), this.keys.pending(QUEUE), this.keys.active(QUEUE),
				this.keys.leases(QUEUE), this.keys.paused(QUEUE), this.keys.dead(QUEUE), this.keys.completed(QUEUE),
				this.keys.fetch(QUEUE, "f1"), this.keys.fetch(QUEUE, ""), this.keys.payloads(QUEUE),
				this.keys.done(QUEUE), this.keys.wake(QUEUE), this.keys.rate(QUEUE), this.keys.concurrencyKeys(QUEUE) };
	}

	/**
	 * A retry delay of NaN passed tonumber; the recovery then took the deliveries out of
	 * the active set and failed at the retry set's ZADD: tasks in no set at all.
	 */
	@Test
	void aRecoveryWithANonFiniteDelayIsRefusedAndTheDeliveriesStayActive() {
		fixture.enqueue();
		assertThat(this.broker.dequeue(QUEUE, 1, Duration.ZERO)).hasSize(1);
		String[] keys = { this.keys.tasks(QUEUE), this.keys.active(QUEUE), this.keys.leases(QUEUE),
				this.keys.retry(QUEUE), this.keys.dead(QUEUE), this.keys.completed(QUEUE), this.keys.payloads(QUEUE),
				this.keys.done(QUEUE) };
		assertThatIllegalStateException()
			.isThrownBy(() -> eval(Scripts.RECOVER, keys, "10", "nan", "0", this.keys.dueChannel(QUEUE), "0"))
			.withMessageContaining("must be whole numbers of at least 0");
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isEqualTo(1);
		assertThat(fixture.hlen(this.keys.leases(QUEUE))).isEqualTo(1);
		assertThat(this.broker.recover(QUEUE, 10, Duration.ZERO).recovered()).isEqualTo(1);
	}

	/**
	 * A completed-ids window of NaN passed tonumber; the ack then ended the delivery and
	 * failed trimming the window, its task data left without a lease or an active entry.
	 */
	@Test
	void anAckWithANonFiniteWindowIsRefusedAndTheDeliveryStaysCurrent() {
		fixture.enqueue();
		Delivery delivery = this.broker.dequeue(QUEUE, 1, Duration.ofSeconds(30)).get(0);
		String[] keys = { this.keys.tasks(QUEUE), this.keys.active(QUEUE), this.keys.leases(QUEUE),
				this.keys.completed(QUEUE), this.keys.payloads(QUEUE), this.keys.done(QUEUE) };
		assertThatIllegalStateException()
			.isThrownBy(() -> eval(Scripts.COMPLETE, keys, "0", "nan", delivery.id(), Long.toString(delivery.token())))
			.withMessageContaining("must be whole numbers of ms");
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isEqualTo(1);
		assertThat(this.broker.complete(delivery, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
	}

	/**
	 * Thousands of scheduled tasks in one call: the script unpacked them into one ZADD
	 * after writing them to the tasks hash, and Lua's unpack stops near 8,000 values,
	 * which left tasks in the hash that no set named. A call that big is refused before
	 * any write.
	 */
	@Test
	void anEnqueueCallTooBigToUnpackIsRefusedBeforeAnyWrite() {
		int count = 4_500;
		List<String> keys = new ArrayList<>(List.of(this.keys.tasks(QUEUE), this.keys.pending(QUEUE),
				this.keys.scheduled(QUEUE), this.keys.payloads(QUEUE), this.keys.wake(QUEUE)));
		List<String> args = new ArrayList<>(List.of(this.keys.dueChannel(QUEUE)));
		for (int i = 0; i < count; i++) {
			keys.add(this.keys.noUnique(QUEUE));
			args.addAll(List.of("t" + i, "mail.send", "{}", "3", "+3600000", "0"));
		}
		keys.add(this.keys.done(QUEUE));
		assertThatIllegalStateException()
			.isThrownBy(() -> eval(Scripts.ENQUEUE, keys.toArray(String[]::new), args.toArray(String[]::new)))
			.withMessageContaining("at most 1000 tasks per call");
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isZero();
		assertThat(fixture.zcard(this.keys.scheduled(QUEUE))).isZero();
	}

	/**
	 * A stored new task whose max retries has a leading zero (data edited by hand): the
	 * first fetch copied it into the delivered meta, which the worker's JSON reader
	 * refuses; the general path reads it as a number.
	 */
	@Test
	void aNewTaskWithALeadingZeroIsDeliveredThroughTheGeneralPath() {
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), "zero",
				"{\"v\":1,\"n\":\"mail.send\",\"s\":\"p\",\"m\":007,\"c\":1}\n{\"args\":[]}");
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "zero");
		assertThat(this.broker.dequeue(QUEUE, 1, Duration.ofSeconds(30))).singleElement().satisfies((delivery) -> {
			assertThat(delivery.id()).isEqualTo("zero");
			assertThat(delivery.maxRetries()).isEqualTo(7);
		});
	}

	/**
	 * Forward and recover read a batch before they take it out of its set: a read that
	 * fails (here the tasks hash is not a hash) leaves every task where it was.
	 */
	@Test
	void aForwardWhoseReadFailsLeavesTheBatchInItsSet() {
		fixture.redis.cli("ZADD", this.keys.retry(QUEUE), "0", "due");
		fixture.redis.cli("SET", this.keys.tasks(QUEUE), "not a hash");
		assertThatRuntimeException().isThrownBy(() -> this.broker.forward(QUEUE, 10));
		assertThat(fixture.zcard(this.keys.retry(QUEUE))).isEqualTo(1);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isZero();
	}

	@Test
	void aRecoveryWhoseReadFailsLeavesTheDeliveriesActive() {
		fixture.enqueue();
		assertThat(this.broker.dequeue(QUEUE, 1, Duration.ZERO)).hasSize(1);
		fixture.redis.cli("RENAME", this.keys.tasks(QUEUE), "kept");
		fixture.redis.cli("SET", this.keys.tasks(QUEUE), "not a hash");
		assertThatRuntimeException().isThrownBy(() -> this.broker.recover(QUEUE, 10, Duration.ZERO));
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isEqualTo(1);
		assertThat(fixture.hlen(this.keys.leases(QUEUE))).isEqualTo(1);
	}

	private static void eval(LuaScript script, String[] keys, String... args) {
		List<String> call = new ArrayList<>(
				List.of("EVAL", new String(script.source(), StandardCharsets.UTF_8), Integer.toString(keys.length)));
		call.addAll(List.of(keys));
		call.addAll(List.of(args));
		fixture.redis.cli(call.toArray(String[]::new));
	}

	@Test
	void aBizIdOfAnyContentIsSafe() {
		String nasty = "{braces}:colons\nnewline " + "x".repeat(10_000);
		EnqueueRequest first = BrokerFixture.request("a").withBizId(nasty, Duration.ofMinutes(1));
		EnqueueRequest second = BrokerFixture.request("b").withBizId(nasty, Duration.ofMinutes(1));
		assertThat(this.broker.enqueue(first).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
		assertThat(this.broker.enqueue(second)).isEqualTo(new EnqueueResult("a", EnqueueResult.Outcome.DUPLICATE));
		assertThat(this.keys.unique(QUEUE, "mail.send", nasty)).hasSizeLessThan(120).startsWith("test:{q1}:u:");
		EnqueueRequest shortOne = BrokerFixture.request("c").withBizId("{x}\n", Duration.ofMinutes(1));
		assertThat(this.broker.enqueue(shortOne).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
	}

}
