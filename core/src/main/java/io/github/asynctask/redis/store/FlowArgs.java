package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.script.Replies;

/** How the flow scripts' arguments are written and their string replies read. */
final class FlowArgs {

	private FlowArgs() {
	}

	static List<String> strings(List<?> reply, int from) {
		List<String> out = new ArrayList<>(Math.max(0, reply.size() - from));
		for (int i = from; i < reply.size(); i++) {
			out.add(Replies.string(reply.get(i)));
		}
		return out;
	}

	static String millis(Duration duration) {
		return Long.toString(Math.max(0, duration.toMillis()));
	}

}
