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
 * Tasks in the one-field form ({@code "meta\npayload"} in the tasks hash: left by key
 * layout v1 with a JSON meta, and how every task is stored until its first delivery, its
 * meta packed since layout 3) keep flowing: read as they are, converted to the two-field
 * form with a JSON meta by their next transition other than a fetch.
 */
class BrokerLayoutMigrationIntegrationTests extends BrokerIntegrationTestSupport {

	private static final String V1_META = "{\"v\":1,\"n\":\"mail.send\",\"s\":\"p\",\"a\":0,\"k\":0,\"m\":2,"
			+ "\"c\":1700000000000,\"t\":1700000000000}";

	/**
	 * A new task's first fetch rewrites its packed meta by string building, without
	 * decoding it (dequeue.lua, first_delivery); the same task with a JSON meta takes the
	 * general path (decode, check, encode) and is packed on the way. Both must store and
	 * hand out the same meta.
	 */
	@Test
	void aFirstDeliveryWritesTheSameMetaAsTheGeneralPath() {
		String quick = fixture.enqueue();
		String general = fixture.enqueue();
		String stored = fixture.redis.cli("HGET", this.keys.tasks(QUEUE), general);
		assertThat(stored).startsWith("3|p|2|");
		long generalCreated = this.broker.find(QUEUE, general).orElseThrow().createdAt().toEpochMilli();
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), general, "{\"m\":2,\"c\":" + generalCreated
				+ ",\"s\":\"p\",\"n\":\"mail.send\",\"v\":1}" + stored.substring(stored.indexOf('\n')));
		List<Delivery> deliveries = this.broker.dequeue(QUEUE, 2, LEASE);
		assertThat(deliveries).extracting(Delivery::id).containsExactly(quick, general);
		String quickStored = fixture.redis.cli("HGET", this.keys.tasks(QUEUE), quick);
		String generalStored = fixture.redis.cli("HGET", this.keys.tasks(QUEUE), general);
		// 3|a|<attempts>|<max>|<created>|<changed>|<token>|<name>: alike but for created
		// and token
		String[] quickFields = quickStored.split("\\|", 8);
		String[] generalFields = generalStored.split("\\|", 8);
		assertThat(quickFields[1]).isEqualTo(generalFields[1]).isEqualTo("a");
		assertThat(quickFields[2]).isEqualTo(generalFields[2]).isEqualTo("1");
		assertThat(quickFields[3]).isEqualTo(generalFields[3]).isEqualTo("2");
		assertThat(Long.parseLong(generalFields[4], 36)).isEqualTo(generalCreated);
		assertThat(quickFields[5]).isEqualTo(generalFields[5]).matches("[0-9a-z]{8}");
		assertThat(quickFields[6]).isEqualTo(Long.toString(deliveries.get(0).token()));
		assertThat(generalFields[6]).isEqualTo(Long.toString(deliveries.get(1).token()));
		assertThat(quickFields[7]).isEqualTo(generalFields[7]).isEqualTo("mail.send\n{\"args\":[1]}");
		assertThat(deliveries.get(0).payload()).isEqualTo(deliveries.get(1).payload()).isEqualTo("{\"args\":[1]}");
		assertThat(deliveries.get(0).attempt()).isEqualTo(deliveries.get(1).attempt()).isEqualTo(1);
		assertThat(this.broker.find(QUEUE, quick).orElseThrow().state()).isEqualTo(TaskState.ACTIVE);
	}

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
		// one hash entry per queued task, its meta packed (layout 3)
		String stored = fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id);
		assertThat(stored).matches("3\\|p\\|2\\|[0-9a-z]{8}\\|\\|mail\\.send\n\\{\"args\":\\[1\\]\\}");
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isZero();
		assertThat(this.broker.find(QUEUE, id).orElseThrow().payload()).isEqualTo("{\"args\":[1]}");
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(delivery.payload()).isEqualTo("{\"args\":[1]}");
		assertThat(delivery.attempt()).isEqualTo(1);
		// a fetch keeps the form: an ack then deletes one field, the payloads hash
		// untouched
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id)).startsWith("3|a|1|2|")
			.endsWith("|mail.send\n{\"args\":[1]}");
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
