package io.github.asynctask.sample;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * Orders in the {@code orders} table, through {@link JdbcClient}.
 */
@Repository
class OrderRepository {

	private final JdbcClient jdbc;

	OrderRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Order insert(String customer, String email, BigDecimal amount) {
		Instant now = Instant.now();
		KeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql("INSERT INTO orders (customer, email, amount, status, created_at) VALUES (?, ?, ?, 'NEW', ?)")
			.params(customer, email, amount, Timestamp.from(now))
			.update(keys, "id");
		long id = keys.getKeyAs(Long.class);
		return new Order(id, customer, email, amount, Order.Status.NEW, now);
	}

	/** Orders created from {@code from} (inclusive) to {@code to} (exclusive). */
	long countCreated(Instant from, Instant to) {
		return this.jdbc.sql("SELECT COUNT(*) FROM orders WHERE created_at >= ? AND created_at < ?")
			.params(Timestamp.from(from), Timestamp.from(to))
			.query(Long.class)
			.single();
	}

	Optional<Order> find(long id) {
		return this.jdbc.sql("SELECT * FROM orders WHERE id = ?").param(id).query(Order.class).optional();
	}

	List<Order> findAll() {
		return this.jdbc.sql("SELECT * FROM orders ORDER BY id DESC").query(Order.class).list();
	}

	/**
	 * Move the order from one status to another; false when it was not in {@code from}.
	 */
	boolean changeStatus(long id, Order.Status from, Order.Status to) {
		return this.jdbc.sql("UPDATE orders SET status = ? WHERE id = ? AND status = ?")
			.params(to.name(), id, from.name())
			.update() == 1;
	}

}
