package io.github.asynctask.sample;

import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The shop's HTTP API: place, list, pay and ship orders, and see what the tasks did.
 */
@RestController
class ShopController {

	private final OrderService orderService;

	private final OrderRepository orders;

	private final ActivityLog activity;

	private final FlakyTasks flakyTasks;

	private final DoomedTasks doomedTasks;

	ShopController(OrderService orderService, OrderRepository orders, ActivityLog activity, FlakyTasks flakyTasks,
			DoomedTasks doomedTasks) {
		this.orderService = orderService;
		this.orders = orders;
		this.activity = activity;
		this.flakyTasks = flakyTasks;
		this.doomedTasks = doomedTasks;
	}

	@PostMapping("/orders")
	@ResponseStatus(HttpStatus.CREATED)
	Order placeOrder(@RequestBody NewOrder request) {
		return this.orderService.placeOrder(request);
	}

	@GetMapping("/orders")
	List<Order> orders() {
		return this.orders.findAll();
	}

	@PostMapping("/orders/{id}/pay")
	ResponseEntity<Void> pay(@PathVariable long id) {
		return this.orderService.pay(id) ? ResponseEntity.noContent().build()
				: ResponseEntity.status(HttpStatus.CONFLICT).build();
	}

	/**
	 * Book a courier (a flaky task that retries) and export to the CRM (a task that ends
	 * dead).
	 */
	@PostMapping("/orders/{id}/ship")
	@ResponseStatus(HttpStatus.ACCEPTED)
	void ship(@PathVariable long id) {
		this.flakyTasks.bookCourier(id);
		this.doomedTasks.exportToLegacyCrm(id);
	}

	@GetMapping("/activity")
	List<ActivityLog.Entry> activity() {
		return this.activity.latest(100);
	}

}
