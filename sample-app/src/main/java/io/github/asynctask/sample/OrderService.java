package io.github.asynctask.sample;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Places and pays orders. The task calls inside {@link #placeOrder} are submitted only
 * once the transaction commits, and dropped if it rolls back.
 */
@Service
public class OrderService {

	private final OrderRepository orders;

	private final ReceiptTasks receiptTasks;

	private final OrderTasks orderTasks;

	OrderService(OrderRepository orders, ReceiptTasks receiptTasks, OrderTasks orderTasks) {
		this.orders = orders;
		this.receiptTasks = receiptTasks;
		this.orderTasks = orderTasks;
	}

	// tag::place-order[]
	@Transactional
	public Order placeOrder(NewOrder request) {
		Order order = this.orders.insert(request.customer(), request.email(), request.amount());
		this.receiptTasks.sendReceipt(order); // returns at once; runs after the commit
		this.orderTasks.closeIfUnpaid(order.id()); // runs 30 seconds later
		return order;
	}
	// end::place-order[]

	@Transactional
	public boolean pay(long orderId) {
		return this.orders.changeStatus(orderId, Order.Status.NEW, Order.Status.PAID);
	}

}
