package io.github.asynctask.autoconfigure.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.autoconfigure.console.BrowseViews.InstanceRow;
import io.github.asynctask.autoconfigure.console.BrowseViews.InstancesView;
import io.github.asynctask.redis.RedisBroker;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import org.jspecify.annotations.Nullable;

/**
 * The live instances from their heartbeats, and those this console saw live within the
 * last hour that stopped (Redis forgets an instance once its heartbeat runs out, so the
 * gone ones are remembered here, per answering instance).
 */
final class InstanceHistory {

	static final Duration GONE_KEPT = Duration.ofHours(1);

	private final RedisBroker broker;

	private final Clock clock;

	/**
	 * Last live row and when it was seen, by instance id; any request thread updates it.
	 */
	private final Map<String, InstanceRow> seen = new ConcurrentHashMap<>();

	InstanceHistory(RedisBroker broker, Clock clock) {
		this.broker = broker;
		this.clock = clock;
	}

	InstancesView read() {
		Instant now = this.clock.instant();
		List<InstanceRow> live = new ArrayList<>();
		this.broker.instances().forEach((id, json) -> {
			InstanceRow row = row(id, parse(json), now.toString());
			live.add(row);
			this.seen.put(id, row);
		});
		List<InstanceRow> rows = new ArrayList<>(live);
		this.seen.values().removeIf((row) -> Instant.parse(row.lastSeen()).isBefore(now.minus(GONE_KEPT)));
		this.seen.forEach((id, row) -> {
			if (live.stream().noneMatch((l) -> l.id().equals(id))) {
				rows.add(new InstanceRow(row.id(), row.host(), row.version(), row.pid(), row.startedAt(), 0,
						row.threads(), row.queues(), Map.of(), true, row.lastSeen()));
			}
		});
		return new InstancesView(rows);
	}

	/** The live instances that list the task among those they run now. */
	List<String> running(String queue, String id) {
		List<String> instances = new ArrayList<>();
		this.broker.instances().forEach((instance, json) -> {
			for (JsonNode running : parse(json).path("queues").path(queue).path("running")) {
				if (id.equals(running.asString())) {
					instances.add(instance);
				}
			}
		});
		return instances;
	}

	private static InstanceRow row(String id, JsonNode info, String now) {
		JsonNode queues = info.path("queues");
		Map<String, List<String>> running = new LinkedHashMap<>();
		for (String queue : queues.propertyNames()) {
			List<String> ids = new ArrayList<>();
			queues.path(queue).path("running").forEach((task) -> ids.add(task.asString()));
			running.put(queue, ids);
		}
		return new InstanceRow(id, text(info, "host"), text(info, "version"), info.path("pid").asLong(0),
				text(info, "startedAt"), info.path("busy").asInt(0), info.path("threads").asInt(0),
				List.copyOf(queues.propertyNames()), running, false, now);
	}

	private static JsonNode parse(String json) {
		try {
			JsonNode node = JsonMapper.shared().readTree(json);
			return (node != null && node.isObject()) ? node : JsonMapper.shared().createObjectNode();
		}
		catch (JacksonException ex) {
			return JsonMapper.shared().createObjectNode();
		}
	}

	private static @Nullable String text(JsonNode info, String field) {
		JsonNode value = info.path(field);
		return value.isValueNode() && !value.isNull() ? value.asString() : null;
	}

}
