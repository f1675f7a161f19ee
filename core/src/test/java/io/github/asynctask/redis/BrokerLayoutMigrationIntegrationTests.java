package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tasks in the layout-v1 form ({@code "meta\npayload"} in the tasks hash: left by key
 * layout v1, and how every task is stored until its first delivery) keep flowing: read as
 * they are, converted to layout v2 by their next transition.
 */
class BrokerLayoutMigrationIntegrationTests extends BrokerIntegrationTestSupport {

	private static final String V1_META = "{\"v\":1,\"n\":\"mail.send\",\"s\":\"p\",\"a\":0,\"k\":0,\"m\":2,"
			+ "\"c\":1700000000000,\"t\":1700000000000}";

	@Test
	void aPendingV1TaskIsDeliveredWithItsPayloadAndItsAckDeletesIt() {
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), "old", V1_META + "\n{\"args\":[\"a\\nb\"]}");
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "old");
		assertThat(this.broker.find(QUEUE, "old").orElseThrow().payload()).isEqualTo("{\"args\":[\"a\\nb\"]}");
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(delivery.payload()).isEqualTo("{\"args\":[\"a\\nb\"]}");
		assertThat(delivery.attempt()).isEqualTo(1);
		// a fetch keeps the one-field form (see the next tests for the conversion)
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), "old")).endsWith("\n{\"args\":[\"a\\nb\"]}");
		assertThat(this.broker.find(QUEUE, "old").orElseThrow().attempts()).isEqualTo(1);
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
	void aNewTaskIsOneFieldThroughItsFetchesThenTransitionsRewriteTheMetaOnly() {
		String id = fixture.enqueue();
		// one hash entry per queued task, in the layout-1 form every version reads
		String stored = fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id);
		assertThat(stored).startsWith("{").endsWith("\n{\"args\":[1]}").contains("\"v\":1");
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isZero();
		assertThat(this.broker.find(QUEUE, id).orElseThrow().payload()).isEqualTo("{\"args\":[1]}");
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(delivery.payload()).isEqualTo("{\"args\":[1]}");
		assertThat(delivery.attempt()).isEqualTo(1);
		// a fetch keeps the form: an ack then deletes one field, the payloads hash
		// untouched
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id)).contains("\"s\":\"a\"")
			.endsWith("\n{\"args\":[1]}");
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isZero();
		// any other write moves the payload to the payloads hash, once for the task's
		// life
		this.broker.retry(delivery, Duration.ZERO, "boom");
		assertThat(fixture.redis.cli("HGET", this.keys.payloads(QUEUE), id)).isEqualTo("{\"args\":[1]}");
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id)).doesNotContain("args").doesNotContain("\n");
		this.broker.forward(QUEUE, 10);
		Delivery second = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(second.payload()).isEqualTo("{\"args\":[1]}");
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id)).doesNotContain("args");
		assertThat(this.broker.complete(second, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
		assertThat(fixture.hlen(this.keys.tasks(QUEUE)) + fixture.hlen(this.keys.payloads(QUEUE))).isZero();
	}

	@Test
	void scheduledAndWaitingTasksAreOneFieldToo() {
		assertThat(this.broker
			.enqueue(
					EnqueueRequest.now(QUEUE, "later", "mail.send", "{\"args\":[2]}", 2).withDelay(Duration.ofHours(1)))
			.outcome()).isEqualTo(EnqueueResult.Outcome.SCHEDULED);
		assertThat(this.broker
			.enqueue(EnqueueRequest.now(QUEUE, "ship-7", "order.ship", "{\"args\":[3]}", 2)
				.withBizId("order-7", Duration.ofHours(1))
				.withAfter(List.of(EnqueueRequest.Awaited.task(QUEUE, "order.pay", "order-7")), Duration.ofHours(1)))
			.outcome()).isEqualTo(EnqueueResult.Outcome.WAITING);
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), "later")).endsWith("\n{\"args\":[2]}");
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), "ship-7")).endsWith("\n{\"args\":[3]}");
		assertThat(this.broker.find(QUEUE, "later").orElseThrow().state()).isEqualTo(TaskState.SCHEDULED);
		assertThat(this.broker.find(QUEUE, "ship-7").orElseThrow().payload()).isEqualTo("{\"args\":[3]}");
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isZero();
	}

}
