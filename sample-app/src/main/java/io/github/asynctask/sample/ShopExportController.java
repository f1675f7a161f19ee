package io.github.asynctask.sample;

import java.util.Map;

import io.github.asynctask.QueueFullException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Order exports on demand, on queue {@code exports} whose backlog is limited
 * ({@code max-backlog} in application.yml): when it is full the submit throws
 * {@link QueueFullException}, answered here as 503 with a {@code Retry-After} (429 fits
 * as well when one client floods the queue).
 */
// tag::queue-full[]
@RestController
class ShopExportController {

	private final BackOfficeTasks backOffice;

	ShopExportController(BackOfficeTasks backOffice) {
		this.backOffice = backOffice;
	}

	@PostMapping("/shops/{shopId}/exports")
	ResponseEntity<Map<String, String>> export(@PathVariable String shopId) {
		this.backOffice.exportOrders(shopId, "csv");
		return ResponseEntity.accepted().body(Map.of("shop", shopId, "status", "export queued"));
	}

	@ExceptionHandler(QueueFullException.class)
	ResponseEntity<Map<String, String>> queueFull(QueueFullException ex) {
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, "30")
			.body(Map.of("error", "exports are busy, try again in a minute", "queue", ex.getQueue()));
	}

}
// end::queue-full[]
