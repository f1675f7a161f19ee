package io.github.asynctask.redis;

import java.time.Duration;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tasks left in Redis by key layout v1 ({@code "meta\npayload"} in the tasks hash) keep
 * flowing: read as they are, converted to layout v2 by their next transition.
 */
class BrokerLayoutMigrationIntegrationTests extends BrokerIntegrationTestSupport {

	private static final String V1_META = "{\"v\":1,\"n\":\"mail.send\",\"s\":\"p\",\"a\":0,\"k\":0,\"m\":2,"
			+ "\"c\":1700000000000,\"t\":1700000000000}";

	@Test
	void aPendingV1TaskIsDeliveredWithItsPayloadAndConverted() {
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), "old", V1_META + "\n{\"args\":[\"a\\nb\"]}");
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "old");
		assertThat(this.broker.find(QUEUE, "old").orElseThrow().payload()).isEqualTo("{\"args\":[\"a\\nb\"]}");
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(delivery.payload()).isEqualTo("{\"args\":[\"a\\nb\"]}");
		assertThat(delivery.attempt()).isEqualTo(1);
		assertThat(fixture.redis.cli("HGET", this.keys.payloads(QUEUE), "old")).isEqualTo("{\"args\":[\"a\\nb\"]}");
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), "old")).startsWith("{").doesNotContain("\n");
		assertThat(this.broker.complete(delivery, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isZero();
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isZero();
	}

	@Test
	void aRetryingV1TaskIsForwardedAndKeepsItsPayload() {
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), "old",
				V1_META.replace("\"s\":\"p\"", "\"s\":\"r\"").replace("\"a\":0", "\"a\":1") + "\n[1]");
		fixture.redis.cli("ZADD", this.keys.retry(QUEUE), "0", "old");
		assertThat(this.broker.forward(QUEUE, 10).moved()).isEqualTo(1);
		TaskInfo info = this.broker.find(QUEUE, "old").orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.PENDING);
		assertThat(info.payload()).isEqualTo("[1]");
		assertThat(info.attempts()).isEqualTo(1);
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE).get(0).attempt()).isEqualTo(2);
	}

	@Test
	void transitionsRewriteTheMetaOnlyAndThePayloadIsWrittenOnce() {
		String id = fixture.enqueue();
		assertThat(fixture.redis.cli("HGET", this.keys.payloads(QUEUE), id)).isEqualTo("{\"args\":[1]}");
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id)).doesNotContain("args");
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		this.broker.retry(delivery, Duration.ZERO, "boom");
		this.broker.forward(QUEUE, 10);
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE).get(0).payload()).isEqualTo("{\"args\":[1]}");
	}

}
