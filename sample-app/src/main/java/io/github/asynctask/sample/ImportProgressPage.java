package io.github.asynctask.sample;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchState;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * A price-list import's progress as a small page
 * ({@code GET /imports/<batchId>/progress}): a bar of the rows ended, reloading itself
 * every 2 s while the import runs, and a link to the batch's page in the console (its
 * dead rows with their errors, retry, cancel).
 */
@RestController
class ImportProgressPage {

	private final AsyncTaskTemplate template;

	private final String console;

	ImportProgressPage(AsyncTaskTemplate template, @Value("${async-task.console.path:/asynctask}") String console) {
		this.template = template;
		this.console = console;
	}

	@GetMapping(path = "/imports/{batchId}/progress", produces = MediaType.TEXT_HTML_VALUE)
	ResponseEntity<String> progress(@PathVariable String batchId) {
		return this.template.findBatch(batchId)
			.map(this::page)
			.map(ResponseEntity::ok)
			.orElseGet(() -> ResponseEntity.status(404)
				.contentType(MediaType.TEXT_HTML)
				.body("<!DOCTYPE html><title>No such import</title><p>No import " + HtmlUtils.htmlEscape(batchId)
						+ " (it may have expired: an ended import is kept 7 days)</p>"));
	}

	private String page(BatchInfo batch) {
		boolean running = batch.state() == BatchState.OPEN || batch.state() == BatchState.RUNNING;
		String name = HtmlUtils.htmlEscape(batch.name().isEmpty() ? batch.batchId() : batch.name());
		String id = HtmlUtils.htmlEscape(batch.batchId());
		return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Import " + name + "</title>"
				+ (running ? "<meta http-equiv=\"refresh\" content=\"2\">" : "") + "</head><body>" + "<h1>Import "
				+ name + ": " + batch.state().name().toLowerCase() + "</h1>"
				+ "<p><progress id=\"import-progress\" max=\"" + batch.total() + "\" value=\""
				+ (batch.completed() + batch.dead()) + "\"></progress> " + batch.percentDone() + " % · "
				+ batch.completed() + " rows imported, " + batch.dead() + " dead, " + batch.active() + " running, "
				+ batch.pending() + " waiting of " + batch.total() + "</p><p><a id=\"console-link\" href=\""
				+ this.console + "/#/batch/" + id
				+ "\">Open the import in the console</a> (its dead rows with their errors, retry, cancel)</p>"
				+ "</body></html>";
	}

}
