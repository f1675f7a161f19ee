package io.github.asynctask.redis.store;

import java.time.Duration;

import io.github.asynctask.redis.RedisConnections;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A key of another type sitting under a batch's names (a hand-made key, another tool on
 * the prefix) makes the batch scripts fail before their first write: the report does not
 * set the child's bit without counting it, the seal does not half-seal.
 */
@ExtendWith(RedisExtension.class)
class BatchWrongTypeIntegrationTests {

	private RedisServer redis;

	private LettuceConnectionFactory factory;

	private BatchStore store;

	@BeforeEach
	void store(RedisServer redis) {
		redis.flushAll();
		this.redis = redis;
		this.factory = RedisConnections.standalone(redis);
		this.store = new BatchStore(this.factory, new RedisKeys("asynctask"), Duration.ofSeconds(10));
	}

	@AfterEach
	void close() {
		this.factory.destroy();
	}

	@Test
	void aReportOverABatchHashOfAnotherTypeWritesNothing() {
		this.redis.cli("SET", "asynctask:{b:B1}:b", "not a hash");
		assertThatThrownBy(() -> this.store.report("B1", 3, false)).hasMessageContaining("asynctask:{b:B1}:b")
			.hasMessageContaining("nothing was written");
		assertThat(this.redis.cli("EXISTS", "asynctask:{b:B1}:r")).isEqualTo("0");
	}

	@Test
	void aReportOverABitmapOfAnotherTypeWritesNothing() {
		this.store.open("B2", "two");
		this.redis.cli("SADD", "asynctask:{b:B2}:s", "x");
		assertThatThrownBy(() -> this.store.report("B2", 1, true)).hasMessageContaining("asynctask:{b:B2}:s");
		assertThat(this.redis.cli("EXISTS", "asynctask:{b:B2}:r")).isEqualTo("0");
		assertThat(this.redis.cli("HGET", "asynctask:{b:B2}:b", "dd")).isNullOrEmpty();
	}

	@Test
	void aDeadReportOverADeadBitmapOfAnotherTypeWritesNothing() {
		this.store.open("B4", "four");
		this.redis.cli("SADD", "asynctask:{b:B4}:k", "x");
		assertThatThrownBy(() -> this.store.report("B4", 1, true)).hasMessageContaining("asynctask:{b:B4}:k");
		assertThat(this.redis.cli("EXISTS", "asynctask:{b:B4}:r")).isEqualTo("0");
		assertThat(this.redis.cli("HGET", "asynctask:{b:B4}:b", "dd")).isNullOrEmpty();
	}

	@Test
	void aSealOverABitmapOfAnotherTypeWritesNothing() {
		this.store.open("B3", "three");
		this.redis.cli("LPUSH", "asynctask:{b:B3}:r", "x");
		assertThatThrownBy(() -> this.store.seal("B3", 2, "three", null, null, null, Duration.ofDays(1)))
			.hasMessageContaining("asynctask:{b:B3}:r");
		assertThat(this.redis.cli("HGET", "asynctask:{b:B3}:b", "sl")).isNullOrEmpty();
		assertThat(this.redis.cli("HGET", "asynctask:{b:B3}:b", "n")).isNullOrEmpty();
	}

}
