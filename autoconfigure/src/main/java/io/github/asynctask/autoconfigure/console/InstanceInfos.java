package io.github.asynctask.autoconfigure.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.autoconfigure.console.Views.InstanceView;
import io.github.asynctask.autoconfigure.console.Views.Server;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import org.jspecify.annotations.Nullable;

/**
 * Reads the info documents that workers write in their heartbeat ({@code host},
 * {@code pid}, {@code startedAt}, {@code busy}, {@code threads}, {@code queues: {name:
 * {busy, concurrency}}}, optionally {@code heartbeatAt}; a pool's entry under its name
 * adds {@code pool: {queues: {name: weight}, strict}}, and any entry {@code rateLimits:
 * {queue: limit}}). Leniently: a missing field is shown empty, never a failed page.
 */
final class InstanceInfos {

	private final List<InstanceView> instances = new ArrayList<>();

	private final List<Map.Entry<String, JsonNode>> queues = new ArrayList<>();

	InstanceInfos(Map<String, String> infoById) {
		infoById.forEach((id, json) -> {
			JsonNode info = parse(json);
			JsonNode queues = info.path("queues");
			this.instances.add(new InstanceView(id, text(info, "host"), info.path("pid").asLong(0),
					text(info, "startedAt"), text(info, "heartbeatAt"), info.path("busy").asInt(0),
					info.path("threads").asInt(0), List.copyOf(queues.propertyNames())));
			this.queues.add(Map.entry(id, queues));
		});
	}

	List<InstanceView> instances() {
		return this.instances;
	}

	/**
	 * The instances with workers for the queue: threads of its own, or a pool's (an entry
	 * whose {@code pool.queues} names it, with the queue's weight).
	 */
	List<Server> serving(String queue) {
		List<Server> servers = new ArrayList<>();
		for (Map.Entry<String, JsonNode> entry : this.queues) {
			JsonNode own = entry.getValue().path(queue);
			if (own.isObject() && !own.has("pool")) {
				servers.add(new Server(entry.getKey(), own.path("busy").asInt(0), own.path("concurrency").asInt(0),
						null, 0, false, text(own.path("rateLimits"), queue)));
				continue;
			}
			for (Map.Entry<String, JsonNode> worker : entry.getValue().properties()) {
				JsonNode pool = worker.getValue().path("pool");
				JsonNode weight = pool.path("queues").path(queue);
				if (weight.isNumber()) {
					servers.add(new Server(entry.getKey(), worker.getValue().path("busy").asInt(0),
							worker.getValue().path("concurrency").asInt(0), worker.getKey(), weight.asInt(),
							pool.path("strict").asBoolean(false), text(worker.getValue().path("rateLimits"), queue)));
				}
			}
		}
		return servers;
	}

	private static JsonNode parse(String json) {
		try {
			return JsonMapper.shared().readTree(json);
		}
		catch (JacksonException ex) {
			return JsonMapper.shared().createObjectNode();
		}
	}

	private static @Nullable String text(JsonNode info, String field) {
		JsonNode value = info.path(field);
		return value.isValueNode() ? value.asString() : null;
	}

}
