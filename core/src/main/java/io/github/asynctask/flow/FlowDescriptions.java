package io.github.asynctask.flow;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.DueWaits;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.store.FlowStore;
import org.jspecify.annotations.Nullable;

/**
 * What the console and the endpoint show of a task's flow: what a waiting task still
 * waits for, in words, and a kept result, cut to a length (the console renders both as
 * text).
 */
public final class FlowDescriptions {

	/** Most characters of a result shown. */
	public static final int MOST = 1000;

	private final FlowStore store;

	public FlowDescriptions(FlowStore store) {
		this.store = store;
	}

	/** What task {@code id} of {@code queue} waits for and its result. */
	public Described describe(String queue, String id) {
		FlowStore.Details details = this.store.details(queue, id, MOST);
		List<String> waitsFor = new ArrayList<>();
		if (!details.waitJson().isEmpty()) {
			String left = leftOf(details.waitJson());
			for (EnqueueRequest.Awaited awaited : AwaitedPairs.left(queue,
					new DueWaits.Check(id, DueWaits.Kind.WAITING, left, 0))) {
				waitsFor.add(describe(awaited));
			}
		}
		String result = details.result().isEmpty() ? null : (details.resultLength() > details.result().length())
				? details.result() + "... (" + details.resultLength() + " characters)" : details.result();
		return new Described(waitsFor, result);
	}

	private static String leftOf(String wait) {
		try {
			var node = tools.jackson.databind.json.JsonMapper.shared().readTree(wait).path("l");
			return node.isArray() ? node.toString() : "";
		}
		catch (RuntimeException ex) {
			return "";
		}
	}

	/**
	 * {@code order.pay of bizId 42 (queue 'payments')} or {@code task <id> (queue 'q')}.
	 */
	static String describe(EnqueueRequest.Awaited awaited) {
		String condition = awaited.condition();
		if (condition.startsWith("i:")) {
			return "task " + condition.substring(2) + " (queue '" + awaited.queue() + "')";
		}
		if (condition.startsWith("b:")) {
			int colon = condition.indexOf(':', 2);
			try {
				int length = Integer.parseInt(condition.substring(2, colon));
				String name = condition.substring(colon + 1, colon + 1 + length);
				return name + " of bizId " + condition.substring(colon + 2 + length) + " (queue '" + awaited.queue()
						+ "')";
			}
			catch (RuntimeException ex) {
				// fall through: shown as stored
			}
		}
		return condition + " (queue '" + awaited.queue() + "')";
	}

	/**
	 * @param waitsFor what the task still waits for, empty when nothing
	 * @param result its kept result JSON (cut), {@code null} when none
	 */
	public record Described(List<String> waitsFor, @Nullable String result) {
	}

}
