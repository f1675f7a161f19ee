package io.github.asynctask.sample;

import java.util.Map;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskOptions;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Starts, watches and cancels order exports, and edits products (each edit re-indexes the
 * product, debounced).
 */
// tag::export-controller[]
@RestController
class ExportController {

	private final AsyncTaskTemplate template;

	private final ExportTasks exports;

	private final CatalogTasks catalog;

	ExportController(AsyncTaskTemplate template, ExportTasks exports, CatalogTasks catalog) {
		this.template = template;
		this.exports = exports;
		this.catalog = catalog;
	}

	@PostMapping("/exports")
	Map<String, String> start(@RequestParam(defaultValue = "20") int pages) {
		String id = this.template.submit(TaskOptions.defaults(), () -> this.exports.exportOrders(pages)).taskId();
		return Map.of("id", id);
	}

	@GetMapping("/exports/{id}")
	ResponseEntity<TaskInfo> show(@PathVariable String id) {
		return ResponseEntity.of(this.template.find(id)); // state, progress().percent(),
															// progress().message()
	}

	@PostMapping("/exports/{id}/cancel")
	Map<String, Boolean> cancel(@PathVariable String id) {
		return Map.of("cancelled", this.template.cancel(id));
	}

	@PostMapping("/products/{id}/edit")
	void edit(@PathVariable long id, @RequestParam String text) {
		this.catalog.reindex(id, text);
	}

}
// end::export-controller[]
