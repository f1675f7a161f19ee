package io.github.asynctask.sample;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchReceipt;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Price-list imports: post a CSV, then follow its batch's progress. */
@RestController
class ImportController {

	private final CatalogImportTasks imports;

	private final AsyncTaskTemplate template;

	ImportController(CatalogImportTasks imports, AsyncTaskTemplate template) {
		this.imports = imports;
		this.template = template;
	}

	@PostMapping(path = "/imports", consumes = "text/csv")
	BatchReceipt importCsv(@RequestParam String name, @RequestBody String csv) {
		return this.imports.importCsv(name, csv);
	}

	@GetMapping("/imports/{batchId}")
	ResponseEntity<BatchInfo> progress(@PathVariable String batchId) {
		return ResponseEntity.of(this.template.findBatch(batchId));
	}

}
