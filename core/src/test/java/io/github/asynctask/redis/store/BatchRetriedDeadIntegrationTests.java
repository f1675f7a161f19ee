package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import io.github.asynctask.redis.EnqueueRequest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dead child retried from the dead archive that then completes moves from dead to
 * completed in its batch's counts, once; a batch that ended with dead children and now
 * has every child completed owes its onSuccess once, and the callbacks already confirmed
 * are not owed again.
 */
class BatchRetriedDeadIntegrationTests extends BrokerIntegrationTestSupport {

	private static final EnqueueRequest SUCCESS = EnqueueRequest.now("q", "cb-s", "success", "{}", 0);

	private static final EnqueueRequest COMPLETE = EnqueueRequest.now("q", "cb-c", "complete", "{}", 0);

	private static final EnqueueRequest DEATH = EnqueueRequest.now("q", "cb-d", "death", "{}", 0);

	private final BatchStore store = new BatchStore(connectionFactory, this.keys, Duration.ofSeconds(10));

	@Test
	void aRetriedDeadChildThatCompletesMovesToCompletedAndTheBatchOwesItsSuccessOnce() {
		this.store.open("R1", "retried");
		this.store.seal("R1", 2, "retried", SUCCESS, COMPLETE, DEATH, Duration.ofDays(1));
		this.store.report("R1", 0, false);
		BatchStore.Owed ended = this.store.report("R1", 1, true, "q", "t1");
		assertThat(ended.endedNow()).isEqualTo("c");
		assertThat(kinds(ended)).containsExactly("d", "c");
		this.store.fired("R1", List.of("d", "c"));

		assertThat(this.store.index().dead("R1", 0, 10).children())
			.containsExactly(new BatchIndex.DeadChild("q", "t1"));
		BatchStore.Owed retried = this.store.report("R1", 1, false, null, "q", "t1");
		assertThat(kinds(retried)).containsExactly("s");
		assertThat(this.store.index().dead("R1", 0, 10).children()).as("off the dead list").isEmpty();
		assertThat(retried.endedNow()).isEmpty();
		assertThat(this.store.find("R1").orElseThrow()).satisfies((info) -> {
			assertThat(info.completed()).isEqualTo(2);
			assertThat(info.dead()).isZero();
			assertThat(info.state().name()).isEqualTo("SUCCEEDED");
		});
		// owed until confirmed, then never again; a re-sent report counts nothing twice
		assertThat(kinds(this.store.report("R1", 1, false))).containsExactly("s");
		this.store.fired("R1", List.of("s"));
		assertThat(kinds(this.store.report("R1", 1, false))).isEmpty();
		assertThat(kinds(this.store.report("R1", 1, true))).isEmpty();
		assertThat(this.store.find("R1").orElseThrow().completed()).isEqualTo(2);
		assertThat(this.store.find("R1").orElseThrow().dead()).isZero();
	}

	@Test
	void aRetriedChildOfARunningBatchCountsCompletedAndTheBatchSucceeds() {
		this.store.open("R2", "running");
		this.store.seal("R2", 3, "running", SUCCESS, COMPLETE, DEATH, Duration.ofDays(1));
		assertThat(kinds(this.store.report("R2", 0, true, "q", "t0"))).containsExactly("d");
		this.store.fired("R2", List.of("d"));
		this.store.report("R2", 0, false);
		assertThat(this.store.find("R2").orElseThrow().dead()).isZero();
		this.store.report("R2", 1, false);
		BatchStore.Owed last = this.store.report("R2", 2, false);
		assertThat(last.endedNow()).isEqualTo("s");
		assertThat(kinds(last)).containsExactly("s");
	}

	@Test
	void aCompletedChildReportedDeadLaterStaysCompleted() {
		this.store.open("R3", "once");
		this.store.seal("R3", 2, "once", SUCCESS, COMPLETE, DEATH, Duration.ofDays(1));
		this.store.report("R3", 0, false);
		this.store.report("R3", 0, true, "q", "t0");
		assertThat(this.store.find("R3").orElseThrow().completed()).isEqualTo(1);
		assertThat(this.store.find("R3").orElseThrow().dead()).isZero();
	}

	@Test
	void aNestedBatchWhoseDeadChildCompletesReportsItsParentCompletedAndTheParentMovesIt() {
		this.store.open("P", "parent");
		this.store.seal("P", 1, "parent", SUCCESS, COMPLETE, null, Duration.ofDays(1));
		this.store.open("I", "inner");
		this.store.seal("I", 1, "inner", null, null, null, Duration.ofDays(1), "P:0");
		assertThat(this.store.report("I", 0, true, "q", "t0").parentReport()).isEqualTo("P:0|dd");
		assertThat(kinds(this.store.report("P", 0, true))).containsExactly("c");
		this.store.fired("I", List.of("p"));
		this.store.fired("P", List.of("c"));

		assertThat(this.store.report("I", 0, false).parentReport()).isEqualTo("P:0|ok");
		assertThat(kinds(this.store.report("P", 0, false))).containsExactly("s");
		this.store.fired("I", List.of("p"));
		assertThat(this.store.report("I", 0, false).parentReport()).isNull();
		assertThat(this.store.find("P").orElseThrow().completed()).isEqualTo(1);
		assertThat(this.store.find("P").orElseThrow().dead()).isZero();
	}

	private static List<String> kinds(BatchStore.Owed owed) {
		return owed.callbacks().stream().map(BatchStore.Due::kind).toList();
	}

}
