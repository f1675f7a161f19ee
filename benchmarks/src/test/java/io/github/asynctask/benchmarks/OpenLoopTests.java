package io.github.asynctask.benchmarks;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OpenLoopTests {

	@Test
	void everySubmitCarriesItsScheduledTimeOnePeriodApartWhicheverThreadSentIt() throws Exception {
		Recording contender = new Recording();
		long before = System.nanoTime();
		long[] late = OpenLoop.send(contender, 10_000, 200, 4);
		assertThat(late).hasSize(200).isSorted();
		assertThat(late[0]).isNotNegative();
		List<Long> due = contender.args.stream().map(TaskArg::reference).sorted().toList();
		assertThat(due).hasSize(200).doesNotHaveDuplicates();
		assertThat(due.get(0)).isGreaterThan(before);
		for (int i = 1; i < due.size(); i++) {
			// 100 us apart, give or take the rounding of each due time
			assertThat(due.get(i) - due.get(i - 1)).isBetween(99_999L, 100_001L);
		}
	}

	@Test
	void aSlowSubmitDoesNotThinTheScheduleLaterSendsCountFromWhenTheyWereDue() throws Exception {
		Recording contender = new Recording();
		contender.blockFirst = true;
		long[] late = OpenLoop.send(contender, 100_000, 50, 1);
		// the one sender was held by the first submit: the 49 after it left late, with
		// their references still one period (10 us) apart
		assertThat(late[late.length - 1]).isPositive();
		List<Long> due = contender.args.stream().map(TaskArg::reference).sorted().toList();
		assertThat(due.get(49) - due.get(0)).isBetween(489_999L, 490_001L);
	}

	private static final class Recording implements Contender {

		private final ConcurrentLinkedQueue<String> args = new ConcurrentLinkedQueue<>();

		private volatile boolean blockFirst;

		@Override
		public void submit(String arg) throws InterruptedException {
			if (this.blockFirst) {
				this.blockFirst = false;
				// stands for a submit stuck on a slow round trip
				Thread.sleep(5);
			}
			this.args.add(arg);
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
		}

		@Override
		public void close() {
		}

	}

}
