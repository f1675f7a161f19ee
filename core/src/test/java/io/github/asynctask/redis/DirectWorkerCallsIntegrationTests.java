package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worker's fetches and grouped acks over connections of their own
 * ({@code async-task.worker.direct-calls}): a connection Redis closed costs a fetch
 * nothing (the fetch that may have run is handed back, the next goes on a new
 * connection), a group of acks is sent again, and switched off both go through the
 * client.
 */
class DirectWorkerCallsIntegrationTests extends BrokerIntegrationTestSupport {

	@Test
	void aFetchWhoseConnectionRedisClosedIsHandedBackAndTakenOnANewConnection() {
		fixture.enqueueAndTake();
		String second = fixture.enqueue();
		fixture.redis.cli("CLIENT", "KILL", "TYPE", "normal");
		Dequeued dequeued = this.broker.dequeue(QUEUE, 5, LEASE, null);
		assertThat(dequeued.deliveries()).extracting(Delivery::id).containsExactly(second);
		assertThat(fixture.zcard(this.keys.active(QUEUE))).as("the first delivery and the second").isEqualTo(2);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isZero();
	}

	@Test
	void aGroupOfAcksWhoseConnectionRedisClosedIsSentAgain() {
		Delivery first = fixture.enqueueAndTake();
		Delivery second = fixture.enqueueAndTake();
		fixture.redis.cli("CLIENT", "KILL", "TYPE", "normal");
		List<AckResult> results = this.broker.completeAll(List.of(first, second), Duration.ZERO);
		assertThat(results).containsExactly(AckResult.APPLIED, AckResult.APPLIED);
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isZero();
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isZero();
	}

	@Test
	void switchedOffFetchesAndAcksGoThroughTheClient() {
		LuaRedisBroker broker = new LuaRedisBroker(connectionFactory, this.keys);
		broker.directWorkerCalls(false);
		fixture.enqueue();
		long clientsBefore = connectedClients();
		List<Delivery> taken = broker.dequeue(QUEUE, 5, LEASE, null).deliveries();
		assertThat(taken).hasSize(1);
		assertThat(broker.completeAll(taken, Duration.ZERO)).containsExactly(AckResult.APPLIED);
		assertThat(connectedClients()).as("no connection of its own was opened").isEqualTo(clientsBefore);
	}

	private long connectedClients() {
		String info = fixture.redis.cli("INFO", "clients");
		for (String line : info.split("\r?\n")) {
			if (line.startsWith("connected_clients:")) {
				return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
			}
		}
		throw new IllegalStateException("no connected_clients in " + info);
	}

}
