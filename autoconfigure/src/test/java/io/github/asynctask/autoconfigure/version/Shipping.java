package io.github.asynctask.autoconfigure.version;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.TaskUpcaster;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.version.AsyncTaskVersionAutoConfiguration;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * One task, {@code shipping.ship}, in two versions: version 1 takes a {@link ShipV1} with
 * {@code carrier}; version 2 renamed the field to {@code shippingCompany}, with
 * {@link CarrierRenamed} upcasting stored version-1 tasks.
 */
final class Shipping {

	static final String TASK = "shipping.ship";

	/** Order id -> "shippingCompany/parcels" the version-2 body was called with. */
	static final Map<String, String> shippedByV2 = new ConcurrentHashMap<>();

	/** Order ids the version-1 body ran. */
	static final Map<String, String> shippedByV1 = new ConcurrentHashMap<>();

	private Shipping() {
	}

	/**
	 * Auto-configuration with short leases and polls, on the Redis these properties name.
	 */
	static ApplicationContextRunner runner(String... properties) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class,
					AsyncTaskVersionAutoConfiguration.class))
			.withPropertyValues("async-task.lease=3s", "async-task.shutdown-timeout=1s",
					"async-task.worker.poll-interval=300ms")
			.withPropertyValues(properties);
	}

	static void reset() {
		shippedByV1.clear();
		shippedByV2.clear();
	}

	record ShipV1(String orderId, String carrier) {
	}

	record ShipV2(String orderId, String shippingCompany, int parcels) {
	}

	public static class ShippingV1 {

		@AsyncTask(name = TASK, queue = "shipping")
		public void ship(ShipV1 order) {
			shippedByV1.put(order.orderId(), order.carrier());
		}

	}

	public static class ShippingV2 {

		@AsyncTask(name = TASK, queue = "shipping", version = 2, maxRetries = 0)
		public void ship(ShipV2 order) {
			shippedByV2.put(order.orderId(), order.shippingCompany() + "/" + order.parcels());
		}

	}

	/** Version 1 -> 2: {@code carrier} became {@code shippingCompany}; one parcel. */
	static class CarrierRenamed implements TaskUpcaster {

		@Override
		public String taskName() {
			return TASK;
		}

		@Override
		public int fromVersion() {
			return 1;
		}

		@Override
		public ArrayNode upcast(ArrayNode arguments) {
			ObjectNode order = (ObjectNode) arguments.get(0);
			order.set("shippingCompany", order.remove("carrier"));
			order.put("parcels", 1);
			return arguments;
		}

	}

}
