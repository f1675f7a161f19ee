package io.github.asynctask.flow;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds cycles in the "runs after" graph by depth-first search; each cycle once, as the
 * names along it, first name repeated at the end.
 */
final class FlowCycles {

	private final Map<String, List<String>> edges;

	private final Set<String> done = new HashSet<>();

	private final List<List<String>> cycles = new ArrayList<>();

	/**
	 * @param edges task name -> the names it runs after
	 */
	FlowCycles(Map<String, List<String>> edges) {
		this.edges = edges;
	}

	List<List<String>> find() {
		for (String name : this.edges.keySet()) {
			visit(name, new ArrayList<>());
		}
		return this.cycles;
	}

	private void visit(String name, List<String> path) {
		int at = path.indexOf(name);
		if (at >= 0) {
			List<String> cycle = new ArrayList<>(path.subList(at, path.size()));
			cycle.add(name);
			this.cycles.add(cycle);
			return;
		}
		if (this.done.contains(name)) {
			return;
		}
		path.add(name);
		for (String next : this.edges.getOrDefault(name, List.of())) {
			visit(next, path);
		}
		path.remove(path.size() - 1);
		this.done.add(name);
	}

}
