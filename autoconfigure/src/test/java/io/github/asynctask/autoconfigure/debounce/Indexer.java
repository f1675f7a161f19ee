package io.github.asynctask.autoconfigure.debounce;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.annotation.AsyncTask;

/** A search re-index debounced per document, as the debounce tests run it. */
public class Indexer {

	/** Every run: document, version, when (System.currentTimeMillis). */
	static final List<Run> runs = new CopyOnWriteArrayList<>();

	/** Holds {@link #slow} until a test opens it. */
	static volatile CountDownLatch gate = new CountDownLatch(0);

	static void reset() {
		runs.clear();
		gate = new CountDownLatch(0);
	}

	@AsyncTask(name = "index.document", queue = "index", bizId = "#documentId", debounce = "1s")
	public void reindex(String documentId, int version) {
		runs.add(new Run(documentId, version, System.currentTimeMillis()));
	}

	@AsyncTask(name = "index.slow", queue = "index", bizId = "#documentId", debounce = "500ms")
	public void slow(String documentId, int version) throws InterruptedException {
		runs.add(new Run(documentId, version, System.currentTimeMillis()));
		gate.await(30, TimeUnit.SECONDS);
	}

	record Run(String documentId, int version, long at) {
	}

}
