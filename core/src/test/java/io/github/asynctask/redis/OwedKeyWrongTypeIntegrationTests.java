package io.github.asynctask.redis;

import java.util.Optional;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A key of another type under the queue's owed batch reports ({@code {q}:bown}, written
 * last by every script that may end a batch child without its worker) refuses those
 * scripts before their first write: a batch child is never left half-moved, the error
 * names the key, and once the key is gone the same calls work.
 */
class OwedKeyWrongTypeIntegrationTests extends BrokerIntegrationTestSupport {

	private final String owed = this.keys.batchOwed(BrokerFixture.QUEUE);

	@AfterEach
	void removeStrayKey() {
		fixture.redis.cli("DEL", this.owed);
	}

	@Test
	void cancellingABatchChildOverAStrayKeyLeavesItPending() {
		String id = enqueueBatchChild("B1:0");
		fixture.redis.cli("SET", this.owed, "not a zset");
		assertThatThrownBy(() -> this.broker.cancel(BrokerFixture.QUEUE, id, "changed my mind", false))
			.hasMessageContaining(this.owed)
			.hasMessageContaining("nothing was written");
		assertThat(state(id)).hasValue(TaskState.PENDING);
		assertThat(fixture.llen(this.keys.pending(BrokerFixture.QUEUE))).isEqualTo(1);

		fixture.redis.cli("DEL", this.owed);
		this.broker.cancel(BrokerFixture.QUEUE, id, "changed my mind", false);
		assertThat(fixture.zcard(this.owed)).as("its report owed to the batch").isEqualTo(1);
	}

	@Test
	void aFetchOverAStrayKeyTakesNothing() {
		String id = enqueueBatchChild("B2:0");
		fixture.redis.cli("HSET", this.owed, "a", "hash");
		assertThatThrownBy(() -> this.broker.dequeue(BrokerFixture.QUEUE, 4, BrokerFixture.LEASE))
			.hasMessageContaining(this.owed);
		assertThat(state(id)).hasValue(TaskState.PENDING);
		assertThat(fixture.zcard(this.keys.active(BrokerFixture.QUEUE))).isZero();

		fixture.redis.cli("DEL", this.owed);
		assertThat(this.broker.dequeue(BrokerFixture.QUEUE, 4, BrokerFixture.LEASE)).extracting(Delivery::id)
			.containsExactly(id);
	}

	private String enqueueBatchChild(String child) {
		String id = BrokerFixture.newId();
		this.broker.enqueue(EnqueueRequest.now(BrokerFixture.QUEUE, id, "mail.send",
				"{\"args\":[1],\"headers\":{\"asynctask-batch\":\"" + child + "\"}}", 2));
		return id;
	}

	private Optional<TaskState> state(String id) {
		return this.broker.find(BrokerFixture.QUEUE, id).map(TaskInfo::state);
	}

}
