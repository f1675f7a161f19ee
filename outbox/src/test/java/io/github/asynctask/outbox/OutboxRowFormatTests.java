package io.github.asynctask.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.asynctask.redis.EnqueueRequest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An outbox row reads back as the request it was written from, and a row it cannot read
 * (another format version, a hand edit) is refused with the reason.
 */
class OutboxRowFormatTests {

	private final OutboxRowFormat format = new OutboxRowFormat();

	@Test
	void aRequestWithEveryOptionReadsBackEqual() {
		EnqueueRequest delayed = EnqueueRequest.now("orders", "01ID", "ship", "{\"a\":[1]}", 4)
			.withDelay(Duration.ofSeconds(30))
			.withBizId("order-1", Duration.ofHours(2))
			.withConcurrencyKey("customer-7", 2);
		EnqueueRequest timed = EnqueueRequest.now("orders", "02ID", "ship", "{}", 0)
			.withAt(Instant.ofEpochMilli(1_800_000_000_000L))
			.withAfter(List.of(EnqueueRequest.Awaited.id("mail", "01ID"),
					EnqueueRequest.Awaited.task("orders", "pay", "o-1")), Duration.ofMinutes(5));
		assertThat(this.format.read("01ID", "orders", this.format.write(delayed))).isEqualTo(delayed);
		assertThat(this.format.read("02ID", "orders", this.format.write(timed))).isEqualTo(timed);
	}

	@Test
	void anotherFormatVersionIsRefusedNamingBoth() {
		assertThatExceptionOfType(OutboxRowFormat.UnreadableRowException.class)
			.isThrownBy(() -> this.format.read("01ID", "orders", "{\"v\":2,\"name\":\"ship\"}"))
			.withMessage("outbox row has format version 2, this version reads 1");
	}

	@Test
	void aRowWithoutItsNameOrAnInvalidQueueIsRefused() {
		assertThatExceptionOfType(OutboxRowFormat.UnreadableRowException.class)
			.isThrownBy(() -> this.format.read("01ID", "orders", "{\"v\":1,\"payload\":\"{}\",\"maxRetries\":1}"))
			.withMessage("outbox row lacks name, payload or maxRetries");
		assertThatExceptionOfType(OutboxRowFormat.UnreadableRowException.class)
			.isThrownBy(() -> this.format.read("01ID", "bad{queue}",
					"{\"v\":1,\"name\":\"ship\",\"payload\":\"{}\"," + "\"maxRetries\":1}"))
			.withMessageStartingWith("outbox row is invalid: ");
	}

}
