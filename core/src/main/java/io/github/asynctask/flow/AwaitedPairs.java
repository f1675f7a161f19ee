package io.github.asynctask.flow;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.QueueName;
import io.github.asynctask.redis.DueWaits;
import io.github.asynctask.redis.EnqueueRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads what a waiting task still waits for from Redis's list of (owner queue, condition)
 * pairs, for the sweeper and the console.
 */
final class AwaitedPairs {

	// logged under the sweeper, whose work these warnings are part of
	private static final Logger logger = LoggerFactory.getLogger(FlowSweeper.class);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private AwaitedPairs() {
	}

	/** What a waiting task still waits for; unreadable pairs dropped with a warning. */
	static List<EnqueueRequest.Awaited> left(String queue, DueWaits.Check check) {
		List<EnqueueRequest.Awaited> after = new ArrayList<>();
		JsonNode pairs;
		try {
			pairs = JSON.readTree(check.left());
		}
		catch (RuntimeException ex) {
			pairs = null;
		}
		if (pairs == null || !pairs.isArray()) {
			logger.warn("Task {} of queue '{}' has an unreadable list of what it waits for; it waits until its "
					+ "timeout", check.id(), queue);
			return after;
		}
		for (int i = 0; i + 1 < pairs.size(); i += 2) {
			String owner = pairs.get(i).isString() ? pairs.get(i).asString() : "";
			String condition = pairs.get(i + 1).isString() ? pairs.get(i + 1).asString() : "";
			if (!QueueName.isValid(owner) || !EnqueueRequest.Awaited.isCondition(condition)) {
				logger.warn("Dropped an unreadable entry of what task {} of queue '{}' waits for: {}, {}", check.id(),
						queue, pairs.get(i), pairs.get(i + 1));
				continue;
			}
			after.add(new EnqueueRequest.Awaited(owner, condition));
		}
		return after;
	}

}
