package io.github.asynctask.redis;

import java.time.Duration;
import java.util.stream.Stream;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Hostile or broken data in Redis moves that one task to dead with a reason; the rest of
 * the queue keeps flowing.
 */
class BrokerBadDataIntegrationTests extends BrokerIntegrationTestSupport {

	static Stream<Arguments> unreadableData() {
		return Stream.of(arguments("no meta line", "just bytes", "no meta line"),
				arguments("truncated JSON", "{\"v\":1,\"n\":\"x\"\n{}", "unreadable meta"),
				arguments("unknown version", "{\"v\":9,\"n\":\"x\",\"a\":0,\"k\":0,\"m\":1}\n{}",
						"unknown format version 9"),
				arguments("wrong types", "{\"v\":1,\"n\":\"x\",\"a\":\"zero\",\"k\":0,\"m\":1}\n{}", "lacks numeric"),
				arguments("JSON array as meta", "[1,2]\n{}", "unknown format version nil"),
				arguments("empty", "", "no meta line"),
				arguments("random bytes", "\u0000\u00ff\u0010\n\u0001", "unreadable meta"));
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
