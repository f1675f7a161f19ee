package io.github.asynctask.sample;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * The product search index, re-indexed after each edit: a product edited ten times in a
 * few seconds is re-indexed once, with its last text.
 */
// tag::reindex[]
@Component
public class CatalogTasks {

	private static final Logger logger = LoggerFactory.getLogger(CatalogTasks.class);

	private final ActivityLog activity;

	CatalogTasks(ActivityLog activity) {
		this.activity = activity;
	}

	// the last edit within 5 s wins: an edit while the re-index waits replaces its text
	// and pushes it 5 s later; an edit while it runs is re-indexed 5 s after that edit
	@AsyncTask(name = "shop.reindexProduct", bizId = "#productId", debounce = "5s")
	public void reindex(long productId, String text) {
		logger.info("Re-indexing product {}: '{}'", productId, text);
		this.activity.record("shop.reindexProduct", "product " + productId + " indexed as '" + text + "'");
	}

}
// end::reindex[]
