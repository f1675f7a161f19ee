package io.github.asynctask.autoconfigure.debounce;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.QueueStats;
import io.github.asynctask.autoconfigure.WorkerContexts;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The debounce scenarios, run on standalone Redis, a sharded queue and a cluster by the
 * integration test classes of this package.
 */
final class DebounceScenarios {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private DebounceScenarios() {
	}

	static ApplicationContextRunner runner(String... properties) {
		Indexer.reset();
		return WorkerContexts.withTasks(Indexer.class, properties);
	}

	/**
	 * 100 submits of one document within 2 s, 1 s debounce: one run, with the last
	 * arguments, no earlier than a window after the last submit.
	 */
	static void theLastOfAHundredSubmitsRunsOnceAWindowAfterIt(ApplicationContext context) throws Exception {
		Indexer indexer = context.getBean(Indexer.class);
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		String document = "doc-" + System.nanoTime();
		AtomicInteger version = new AtomicInteger();
		AtomicLong lastSubmit = new AtomicLong();
		CountDownLatch submitted = new CountDownLatch(100);
		ScheduledExecutorService pacer = Executors.newSingleThreadScheduledExecutor();
		long firstSubmit = System.currentTimeMillis();
		try {
			// one submit every 15 ms: 100 within 1.5 s, each inside the previous one's
			// window
			pacer.scheduleAtFixedRate(() -> {
				if (submitted.getCount() > 0) {
					indexer.reindex(document, version.incrementAndGet());
					lastSubmit.set(System.currentTimeMillis());
					submitted.countDown();
				}
			}, 0, 15, TimeUnit.MILLISECONDS);
			assertThat(submitted.await(30, TimeUnit.SECONDS)).isTrue();
		}
		finally {
			pacer.shutdownNow();
		}
		await().atMost(WAIT).until(() -> !Indexer.runs.isEmpty());
		// nothing left that could run again
		await().atMost(WAIT).until(() -> idle(template.stats("index")));
		assertThat(Indexer.runs).hasSize(1);
		Indexer.Run run = Indexer.runs.get(0);
		assertThat(run.documentId()).isEqualTo(document);
		assertThat(run.version()).isEqualTo(100);
		// due a window after the last submit (the clocks are one machine's; 100 ms of
		// slack
		// for the submit's own round trip), never before it
		if (lastSubmit.get() - firstSubmit < 1000) {
			// the pacing held: every submit came within the window of the one before
			assertThat(run.at()).isGreaterThanOrEqualTo(lastSubmit.get() + 900);
		}
	}

	/**
	 * A submit while the document's task runs leaves it to finish and queues the new
	 * arguments behind it: two runs, the second with the later arguments.
	 */
	static void aRunningTaskFinishesAndTheNewCallRunsBehindIt(ApplicationContext context) throws Exception {
		Indexer indexer = context.getBean(Indexer.class);
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		String document = "slow-" + System.nanoTime();
		Indexer.gate = new CountDownLatch(1);
		indexer.slow(document, 1);
		await().atMost(WAIT).until(() -> Indexer.runs.size() == 1);
		indexer.slow(document, 2);
		indexer.slow(document, 3);
		assertThat(Indexer.runs).hasSize(1);
		Indexer.gate.countDown();
		await().atMost(WAIT).until(() -> Indexer.runs.size() == 2);
		await().atMost(WAIT).until(() -> idle(template.stats("index")));
		assertThat(Indexer.runs).extracting(Indexer.Run::version).containsExactly(1, 3);
	}

	private static boolean idle(QueueStats stats) {
		return stats.pending() == 0 && stats.scheduled() == 0 && stats.active() == 0 && stats.retry() == 0;
	}

}
