package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The forwarder and the recoverer move a batch with one removal from its sorted set (and
 * one push, one lease delete), not one command per task: their cost per call then grows
 * with the batch, not with the batch times the set's depth.
 */
class BatchMovesIntegrationTests extends BrokerIntegrationTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void forwardingABatchRemovesItFromItsSetInOneCommandAndPushesItInOne() {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 60; i++) {
			ids.add(fixture.enqueue());
		}
		for (Delivery delivery : this.broker.dequeue(QUEUE, 60, LEASE)) {
			this.broker.retry(delivery, Duration.ZERO, "boom");
		}
		fixture.redis.cli("CONFIG", "RESETSTAT");
		assertThat(this.broker.forward(QUEUE, 100).moved()).isEqualTo(60);
		assertThat(calls("zrem")).isZero();
		assertThat(calls("zremrangebyrank")).isEqualTo(1);
		assertThat(calls("lpush")).isEqualTo(1);
		assertThat(this.broker.dequeue(QUEUE, 100, LEASE)).extracting(Delivery::id)
			.containsExactlyInAnyOrderElementsOf(ids);
		assertThat(fixture.zcard(this.keys.retry(QUEUE))).isZero();
	}

	@Test
	void recoveringABatchRemovesItsLeasesInOneCommandEach() {
		for (int i = 0; i < 50; i++) {
			fixture.enqueue();
		}
		assertThat(this.broker.dequeue(QUEUE, 50, Duration.ZERO)).hasSize(50);
		fixture.redis.cli("CONFIG", "RESETSTAT");
		assertThat(this.broker.recover(QUEUE, 100, Duration.ZERO).recovered()).isEqualTo(50);
		assertThat(calls("zrem")).isZero();
		assertThat(calls("zremrangebyrank")).isEqualTo(1);
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isZero();
		assertThat(fixture.zcard(this.keys.retry(QUEUE))).isEqualTo(50);
		assertThat(fixture.redis.cli("HLEN", this.keys.leases(QUEUE))).isEqualTo("0");
	}

	private long calls(String command) {
		String prefix = "cmdstat_" + command + ":calls=";
		return fixture.redis.cli("INFO", "commandstats")
			.lines()
			.filter((line) -> line.startsWith(prefix))
			.mapToLong((line) -> Long.parseLong(line.substring(prefix.length(), line.indexOf(','))))
			.findFirst()
			.orElse(0);
	}

}
