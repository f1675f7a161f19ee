package io.github.asynctask.version;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.asynctask.TaskUpcaster;
import io.github.asynctask.codec.TaskCodecException;
import io.github.asynctask.definition.TaskDefinition;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The upcasters of every task, by name and version, and their chains applied to a stored
 * payload's {@code "args"}. Reading the tree loads no class: only the codec reads
 * arguments into objects, afterwards.
 */
final class Upcasters {

	private static final JsonMapper mapper = JsonMapper.shared();

	/** name -> fromVersion -> the upcasters (more than one is a start-up problem). */
	private final Map<String, TreeMap<Integer, List<TaskUpcaster>>> byTask = new TreeMap<>();

	Upcasters(List<TaskUpcaster> upcasters) {
		for (TaskUpcaster upcaster : upcasters) {
			this.byTask.computeIfAbsent(upcaster.taskName(), (name) -> new TreeMap<>())
				.computeIfAbsent(upcaster.fromVersion(), (version) -> new ArrayList<>())
				.add(upcaster);
		}
	}

	/** The task names upcasters are given for. */
	java.util.Set<String> taskNames() {
		return this.byTask.keySet();
	}

	/**
	 * What is wrong with the upcasters of one task: a step below 1 or at or above the
	 * method's version, a step given twice, a step missing between the oldest given and
	 * the method's version.
	 */
	List<String> problems(TaskDefinition definition) {
		TreeMap<Integer, List<TaskUpcaster>> steps = this.byTask.get(definition.name());
		List<String> problems = new ArrayList<>();
		int current = definition.version();
		if (current < 1) {
			problems.add(definition.describe() + " has @AsyncTask(version = " + current + "); versions start at 1");
		}
		if (steps == null) {
			return problems;
		}
		steps.forEach((from, given) -> {
			if (from < 1 || from >= current) {
				problems.add("Upcaster " + given.get(0).getClass().getName() + " of task '" + definition.name()
						+ "' reads version " + from + " but " + definition.describe() + " is at version " + current
						+ "; an upcaster reads a version from 1 up to the method's version - 1: raise "
						+ "@AsyncTask(version) or fix fromVersion()");
			}
			if (given.size() > 1) {
				problems.add("Task '" + definition.name() + "' has " + given.size() + " upcasters from version " + from
						+ " (" + given.stream().map((upcaster) -> upcaster.getClass().getName()).toList()
						+ "); keep one per version step");
			}
		});
		for (int version = Math.max(1, steps.firstKey()); version < current; version++) {
			if (!steps.containsKey(version)) {
				problems.add("Task '" + definition.name() + "' has upcasters from version " + steps.firstKey()
						+ " but none from version " + version + " to " + (version + 1) + " (" + definition.describe()
						+ " is at version " + current + "); add a TaskUpcaster bean with taskName() \""
						+ definition.name() + "\" and fromVersion() " + version);
			}
		}
		return problems;
	}

	/**
	 * The payload with its arguments rewritten from {@code stored} to {@code current};
	 * the same string when no upcaster covers those steps.
	 */
	String upcast(String name, int stored, int current, String payload) {
		TreeMap<Integer, List<TaskUpcaster>> steps = this.byTask.get(name);
		if (steps == null || steps.subMap(stored, current).isEmpty()) {
			return payload;
		}
		ObjectNode envelope = read(name, stored, payload);
		if (!(envelope.get("args") instanceof ArrayNode args)) {
			throw new TaskCodecException("Payload of task '" + name + "' (stored at version " + stored
					+ ") has no \"args\" array to upcast");
		}
		for (int version = stored; version < current; version++) {
			List<TaskUpcaster> step = steps.get(version);
			if (step != null) {
				args = apply(step.get(0), name, version, args);
			}
		}
		envelope.set("args", args);
		return mapper.writeValueAsString(envelope);
	}

	private static ObjectNode read(String name, int stored, String payload) {
		try {
			JsonNode tree = mapper.readTree(payload);
			if (tree instanceof ObjectNode envelope) {
				return envelope;
			}
		}
		catch (JacksonException ex) {
			throw new TaskCodecException("Payload of task '" + name + "' (stored at version " + stored
					+ ") cannot be read to upcast it: " + ex.getOriginalMessage(), ex);
		}
		throw new TaskCodecException(
				"Payload of task '" + name + "' (stored at version " + stored + ") is not a JSON object");
	}

	private static ArrayNode apply(TaskUpcaster upcaster, String name, int version, ArrayNode args) {
		ArrayNode upcast;
		try {
			upcast = upcaster.upcast(args);
		}
		catch (RuntimeException ex) {
			throw new TaskCodecException("Upcaster " + upcaster.getClass().getName() + " of task '" + name
					+ "' from version " + version + " to " + (version + 1) + " failed: " + ex, ex);
		}
		if (upcast == null) {
			throw new TaskCodecException("Upcaster " + upcaster.getClass().getName() + " of task '" + name
					+ "' from version " + version + " returned null; return the arguments of version " + (version + 1));
		}
		return upcast;
	}

}
