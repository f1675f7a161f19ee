package io.github.asynctask.sample;

import java.math.BigDecimal;
import java.util.concurrent.CompletableFuture;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchValues;
import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

/**
 * A CSV import as a batch: one task per line, on any instance, and one callback when
 * every line has ended: {@code catalog.imported} when all went in,
 * {@code catalog.reviewFailures} when some lines went dead (and {@code catalog.alert} at
 * the first of them).
 */
@Component
public class CatalogImportTasks {

	private static final Logger logger = LoggerFactory.getLogger(CatalogImportTasks.class);

	private final AsyncTaskTemplate template;

	private final ActivityLog activity;

	private final CatalogImportTasks self;

	CatalogImportTasks(AsyncTaskTemplate template, ActivityLog activity, @Lazy CatalogImportTasks self) {
		this.template = template;
		this.activity = activity;
		this.self = self;
	}

	// tag::csv-import-batch[]
	/** Import a price list, {@code sku,price} per line; the batch id tracks it. */
	public BatchReceipt importCsv(String name, String csv) {
		return this.template.batch(
				BatchOptions.named(name)
					.onSuccess(() -> this.self.imported(name))
					.onComplete(() -> this.self.reviewFailures(name))
					.onDeath(() -> this.self.alert(name)),
				() -> csv.lines()
					.filter((line) -> !line.isBlank())
					.forEach((line) -> this.self.importLine(name, line)));
	}

	/** Imports one line; its price is the batch's value of this child. */
	@AsyncTask(name = "catalog.importLine", queue = "catalog", maxRetries = 2)
	public CompletableFuture<BigDecimal> importLine(String importName, String line) {
		String[] fields = line.split(",");
		if (fields.length != 2) {
			throw new IllegalArgumentException("Line '" + line + "' of " + importName + " is not 'sku,price'");
		}
		logger.debug("Import {}: {} costs {}", importName, fields[0].strip(), fields[1].strip());
		return CompletableFuture.completedFuture(new BigDecimal(fields[1].strip()));
	}

	/** Every line went in: sums the prices the lines returned, read page by page. */
	@AsyncTask(name = "catalog.imported", queue = "catalog")
	public void imported(String importName) {
		this.activity.record("catalog.imported", "Price list " + importName + " imported");
		String batchId = this.template.currentBatchId().orElseThrow();
		BigDecimal total = BigDecimal.ZERO;
		int lines = 0;
		BatchValues page;
		String cursor = "0";
		do {
			page = this.template.batchValues(batchId, cursor, 500);
			for (BatchValues.Value value : page.values()) {
				total = total.add(new BigDecimal(value.json()));
				lines++;
			}
			cursor = page.nextCursor();
		}
		while (page.hasMore());
		this.activity.record("catalog.imported", "Price list " + importName + ": " + lines + " prices, " + total);
	}

	@AsyncTask(name = "catalog.reviewFailures", queue = "catalog")
	public void reviewFailures(String importName) {
		this.activity.record("catalog.reviewFailures", "Price list " + importName + " imported with failed lines");
	}

	@AsyncTask(name = "catalog.alert", queue = "catalog")
	public void alert(String importName) {
		this.activity.record("catalog.alert", "A line of price list " + importName + " failed");
	}
	// end::csv-import-batch[]

}
