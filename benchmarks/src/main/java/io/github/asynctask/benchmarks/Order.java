package io.github.asynctask.benchmarks;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code workload} scenario's payload: an order with 10 lines, about 1 KB as JSON.
 * Every system carries it its own way (async-task and Jesque as JSON, Redisson with its
 * default codec, the local pool as the object itself).
 *
 * @param id order id
 * @param customerId customer
 * @param email where the receipt goes
 * @param shipTo one-line shipping address
 * @param currency ISO code
 * @param createdAtMillis epoch millis
 * @param lines the order lines
 */
public record Order(String id, String customerId, String email, String shipTo, String currency, long createdAtMillis,
		List<Line> lines) implements Serializable {

	/** Lines per order. */
	static final int LINES = 10;

	/** The order numbered {@code n}: same shape and size for every n. */
	static Order sample(long n) {
		List<Line> lines = new ArrayList<>(LINES);
		for (int i = 0; i < LINES; i++) {
			lines.add(new Line("SKU-%06d-%02d".formatted(n % 1_000_000, i), "Steel bottle 750 ml", 1 + i % 3,
					1_999 + 100 * i));
		}
		return new Order("ord-%012d".formatted(n), "cust-%08d".formatted(n % 10_000_000),
				"customer.%08d@example.com".formatted(n % 10_000_000), "Hauptstrasse 12, 10115 Berlin, DE", "EUR",
				1_760_000_000_000L + n, lines);
	}

	/** What the body computes from the payload, so decoding it is not optimised away. */
	long totalCents() {
		long total = 0;
		for (Line line : this.lines) {
			total += line.quantity() * line.unitPriceCents();
		}
		return total;
	}

	/**
	 * One order line.
	 *
	 * @param sku stock keeping unit
	 * @param name product name
	 * @param quantity pieces
	 * @param unitPriceCents price per piece
	 */
	public record Line(String sku, String name, int quantity, long unitPriceCents) implements Serializable {
	}

}
