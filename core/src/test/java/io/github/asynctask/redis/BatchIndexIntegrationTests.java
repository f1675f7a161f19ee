package io.github.asynctask.redis;

import java.time.Duration;

import io.github.asynctask.BatchState;
import io.github.asynctask.redis.store.BatchIndex;
import io.github.asynctask.redis.store.BatchStore;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The console's index of batches: one write per batch (none per child), bounded to the
 * newest {@link BatchIndex#KEPT} and expiring; a batch's dead children listed once each
 * however often reported, newest first, and gone with their batch.
 */
class BatchIndexIntegrationTests extends BrokerIntegrationTestSupport {

	private final BatchStore store = new BatchStore(connectionFactory, this.keys, Duration.ofSeconds(5));

	private final BatchIndex index = this.store.index();

	@Test
	void theIndexKeepsTheNewestBatchesWithOneWriteEach() {
		int made = BatchIndex.KEPT + 5;
		for (int i = 0; i < made; i++) {
			this.index.record(String.format("b%05d", i));
		}
		BatchIndex.Page page = this.index.recent(0, 3);
		assertThat(page.total()).isEqualTo(BatchIndex.KEPT);
		assertThat(page.ids()).containsExactly(String.format("b%05d", made - 1), String.format("b%05d", made - 2),
				String.format("b%05d", made - 3));
		assertThat(this.index.recent(BatchIndex.KEPT - 1, 10).ids()).containsExactly("b00005");
		String key = "test:{batches}:recent";
		assertThat(Long.parseLong(fixture.redis.cli("PTTL", key))).isPositive()
			.isLessThanOrEqualTo(BatchIndex.LISTED.toMillis());

		fixture.redis.cli("CONFIG", "RESETSTAT");
		this.index.record("b99999");
		this.index.record("b99999");
		assertThat(calls("zadd")).isEqualTo(2);
		assertThat(fixture.zcard(key)).isEqualTo(BatchIndex.KEPT);
		assertThatIllegalArgumentException().isThrownBy(() -> this.index.record("a:b"))
			.withMessageContaining("is not a batch id");
	}

	@Test
	void reportingChildrenWritesNothingToTheIndex() {
		this.store.open("b1", "import");
		this.index.record("b1");
		this.store.seal("b1", 3, "import", null, null, null, Duration.ofMinutes(5));
		fixture.redis.cli("CONFIG", "RESETSTAT");
		this.store.report("b1", 0, false, "q1", "t-0");
		this.store.report("b1", 1, false, "q1", "t-1");
		assertThat(calls("zadd")).isZero();
		assertThat(calls("lpush")).isZero();
	}

	@Test
	void deadChildrenAreListedOnceEachNewestFirstAndGoWithTheirBatch() {
		this.store.open("b2", "import");
		this.store.seal("b2", 4, "import", null, null, null, Duration.ofMinutes(5));
		this.store.report("b2", 0, true, "q1#2", "t-0");
		this.store.report("b2", 0, true, "q1#2", "t-0");
		this.store.report("b2", 1, false, "q1", "t-1");
		this.store.report("b2", 2, true);
		assertThat(this.index.dead("b2", 0, 10).children()).containsExactly(new BatchIndex.DeadChild("q1#2", "t-0"));
		assertThat(Long.parseLong(fixture.redis.cli("PTTL", "test:{b:b2}:d"))).as("kept while the batch runs")
			.isEqualTo(-1);
		this.store.report("b2", 3, true, "q1", "t-3");

		BatchIndex.DeadPage dead = this.index.dead("b2", 0, 10);
		assertThat(dead.total()).isEqualTo(2);
		assertThat(dead.children()).containsExactly(new BatchIndex.DeadChild("q1", "t-3"),
				new BatchIndex.DeadChild("q1#2", "t-0"));
		assertThat(this.store.find("b2").orElseThrow().state()).isEqualTo(BatchState.COMPLETED);
		assertThat(this.store.find("b2").orElseThrow().dead()).isEqualTo(3);
		long batchTtl = Long.parseLong(fixture.redis.cli("PTTL", "test:{b:b2}:b"));
		long listTtl = Long.parseLong(fixture.redis.cli("PTTL", "test:{b:b2}:d"));
		assertThat(listTtl).as("expires with its ended batch").isPositive().isCloseTo(batchTtl, Offset.offset(1000L));
	}

	@Test
	void aCancelledBatchsDeadChildrenExpireWithIt() {
		this.store.open("b3", "import");
		this.store.seal("b3", 2, "import", null, null, null, Duration.ofMinutes(5));
		this.store.report("b3", 0, true, "q1", "t-0");
		assertThat(this.store.cancel("b3", Duration.ofMinutes(1))).isEqualTo(1);
		assertThat(Long.parseLong(fixture.redis.cli("PTTL", "test:{b:b3}:d"))).isPositive().isLessThanOrEqualTo(60_000);
	}

	private long calls(String command) {
		String prefix = "cmdstat_" + command + ":calls=";
		return fixture.redis.cli("INFO", "commandstats")
			.lines()
			.filter((line) -> line.startsWith(prefix))
			.mapToLong((line) -> Long.parseLong(line.substring(prefix.length(), line.indexOf(','))))
			.sum();
	}

}
