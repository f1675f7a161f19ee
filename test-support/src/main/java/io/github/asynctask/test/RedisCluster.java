package io.github.asynctask.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * A local Redis Cluster of master-only {@code redis-server} processes on free ports,
 * joined with {@code CLUSTER MEET} and slot assignment (no {@code redis-cli} needed),
 * ready once every node reports {@code cluster_state:ok}.
 */
public final class RedisCluster implements AutoCloseable {

	private static final int SLOTS = 16384;

	private static final int ADDSLOTS_CHUNK = 1000;

	private static final Duration FORMATION_TIMEOUT = Duration.ofSeconds(60);

	private final List<RedisProcess> nodes;

	// First slot owned by node i; node i owns [firstSlots[i], firstSlots[i + 1]).
	private final int[] firstSlots;

	private RedisCluster(List<RedisProcess> nodes) {
		this.nodes = List.copyOf(nodes);
		this.firstSlots = new int[nodes.size() + 1];
		for (int i = 0; i <= nodes.size(); i++) {
			this.firstSlots[i] = (int) ((long) SLOTS * i / nodes.size());
		}
	}

	/**
	 * Starts {@code masters} nodes, joins them and waits until the cluster is ok.
	 * @param masters the number of master nodes, at least 1 (3 for a realistic cluster)
	 * @return the running cluster
	 */
	public static RedisCluster start(int masters) {
		return start(masters, System::getenv);
	}

	static RedisCluster start(int masters, Function<String, @Nullable String> env) {
		if (masters < 1 || masters > SLOTS) {
			throw new IllegalArgumentException("A cluster needs 1 to " + SLOTS + " masters, not " + masters);
		}
		List<RedisProcess> started = new ArrayList<>();
		try {
			for (int i = 0; i < masters; i++) {
				started.add(RedisProcess.start(env, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
						"--cluster-node-timeout", "2000"));
			}
			RedisCluster cluster = new RedisCluster(started);
			cluster.join();
			return cluster;
		}
		catch (RuntimeException ex) {
			started.forEach(RedisProcess::close);
			throw ex;
		}
	}

	private void join() {
		RedisProcess first = this.nodes.get(0);
		for (RedisProcess node : this.nodes.subList(1, this.nodes.size())) {
			first.cli("CLUSTER", "MEET", node.host(), String.valueOf(node.port()));
		}
		for (int i = 0; i < this.nodes.size(); i++) {
			assignSlots(this.nodes.get(i), this.firstSlots[i], this.firstSlots[i + 1] - 1);
		}
		awaitHealthy();
	}

	/** ADDSLOTSRANGE is Redis 7+; older servers get ADDSLOTS in chunks. */
	private static void assignSlots(RedisProcess node, int first, int last) {
		try {
			node.cli("CLUSTER", "ADDSLOTSRANGE", String.valueOf(first), String.valueOf(last));
			return;
		}
		catch (IllegalStateException ex) {
			if (!String.valueOf(ex.getMessage()).toLowerCase().contains("unknown")) {
				throw ex;
			}
		}
		for (int start = first; start <= last; start += ADDSLOTS_CHUNK) {
			List<String> command = new ArrayList<>(List.of("CLUSTER", "ADDSLOTS"));
			for (int slot = start; slot <= Math.min(last, start + ADDSLOTS_CHUNK - 1); slot++) {
				command.add(String.valueOf(slot));
			}
			node.cli(command.toArray(String[]::new));
		}
	}

	/**
	 * Waits until every node reports {@code cluster_state:ok} and knows all the others,
	 * e.g. after restarting a node.
	 * @throws IllegalStateException if that takes more than a minute
	 */
	public void awaitHealthy() {
		long deadline = System.nanoTime() + FORMATION_TIMEOUT.toNanos();
		String expectedNodes = "cluster_known_nodes:" + this.nodes.size() + "\r\n";
		while (System.nanoTime() < deadline) {
			if (this.nodes.stream().allMatch((node) -> isHealthy(node, expectedNodes))) {
				return;
			}
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for the Redis cluster to form", ex);
			}
		}
		throw new IllegalStateException("Redis cluster " + hostPorts() + " did not reach cluster_state:ok within "
				+ FORMATION_TIMEOUT.toSeconds() + "s; a node may be stopped, or CLUSTER MEET failed");
	}

	private static boolean isHealthy(RedisProcess node, String expectedNodes) {
		try {
			String info = node.cli("CLUSTER", "INFO");
			return info != null && info.contains("cluster_state:ok\r\n") && info.contains(expectedNodes);
		}
		catch (IllegalStateException ex) {
			// Down or still loading: not healthy yet.
			return false;
		}
	}

	/**
	 * The nodes, in start order; each can be stopped, killed and restarted (it keeps its
	 * {@code nodes.conf}, so it rejoins).
	 * @return the nodes
	 */
	public List<RedisServer> nodes() {
		return List.copyOf(this.nodes);
	}

	/**
	 * The nodes' addresses, e.g. {@code "127.0.0.1:7001"}, for a cluster client's seed
	 * list.
	 * @return {@code host:port} of each node
	 */
	public List<String> hostPorts() {
		return this.nodes.stream().map((node) -> node.host() + ":" + node.port()).toList();
	}

	/**
	 * The node owning a key's hash slot, as assigned at start.
	 * @param key the key (a {@code {hash tag}} is honoured)
	 * @return the owning node
	 */
	public RedisServer nodeFor(String key) {
		String reply = this.nodes.stream()
			.filter(RedisProcess::isRunning)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No node of " + hostPorts() + " is running"))
			.cli("CLUSTER", "KEYSLOT", key);
		int slot = Integer.parseInt(String.valueOf(reply));
		for (int i = 0; i < this.nodes.size(); i++) {
			if (slot < this.firstSlots[i + 1]) {
				return this.nodes.get(i);
			}
		}
		throw new IllegalStateException("Slot " + slot + " of key '" + key + "' is out of range");
	}

	/**
	 * Stops every node and deletes their directories.
	 */
	@Override
	public void close() {
		this.nodes.forEach(RedisProcess::close);
	}

	@Override
	public String toString() {
		return "Redis cluster " + hostPorts();
	}

}
