package io.github.asynctask.test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * A local Redis Cluster of {@code redis-server} processes on free ports, joined with
 * {@code CLUSTER MEET} and slot assignment (no {@code redis-cli} needed), optionally with
 * replicas attached by {@code CLUSTER REPLICATE}; ready once every node reports
 * {@code cluster_state:ok} and every replica's link to its master is up.
 */
public final class RedisCluster implements AutoCloseable {

	private static final int SLOTS = 16384;

	private final List<RedisProcess> nodes;

	private final int masters;

	// First slot owned by node i; node i owns [firstSlots[i], firstSlots[i + 1]).
	private final int[] firstSlots;

	private RedisCluster(List<RedisProcess> nodes, int masters) {
		this.nodes = List.copyOf(nodes);
		this.masters = masters;
		this.firstSlots = new int[masters + 1];
		for (int i = 0; i <= masters; i++) {
			this.firstSlots[i] = (int) ((long) SLOTS * i / masters);
		}
	}

	/**
	 * Starts {@code masters} nodes, joins them and waits until the cluster is ok.
	 * @param masters the number of master nodes, at least 1 (3 for a realistic cluster)
	 * @return the running cluster
	 */
	public static RedisCluster start(int masters) {
		return start(masters, 0, System::getenv);
	}

	/**
	 * Starts {@code masters} masters with {@code replicasPerMaster} replicas each, joins
	 * them and waits until the cluster is ok and every replica is in sync. Nodes are in
	 * {@link #nodes()} masters first, then the replicas of master 0, of master 1, ...
	 * @param masters the number of master nodes, at least 1
	 * @param replicasPerMaster replicas of each master, 0 or more
	 * @return the running cluster
	 */
	public static RedisCluster start(int masters, int replicasPerMaster) {
		return start(masters, replicasPerMaster, System::getenv);
	}

	static RedisCluster start(int masters, Function<String, @Nullable String> env) {
		return start(masters, 0, env);
	}

	static RedisCluster start(int masters, int replicasPerMaster, Function<String, @Nullable String> env) {
		if (masters < 1 || masters > SLOTS) {
			throw new IllegalArgumentException("A cluster needs 1 to " + SLOTS + " masters, not " + masters);
		}
		if (replicasPerMaster < 0) {
			throw new IllegalArgumentException("Replicas per master must be 0 or more, not " + replicasPerMaster);
		}
		List<RedisProcess> started = new ArrayList<>();
		String nodeTimeout = String.valueOf(nodeTimeoutMillis(replicasPerMaster));
		try {
			for (int i = 0; i < masters * (1 + replicasPerMaster); i++) {
				started.add(RedisProcess.start(env, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
						"--cluster-node-timeout", nodeTimeout));
			}
			RedisCluster cluster = new RedisCluster(started, masters);
			ClusterFormation.join(cluster.nodes, masters, cluster.firstSlots, replicasPerMaster);
			return cluster;
		}
		catch (RuntimeException ex) {
			started.forEach(RedisProcess::close);
			throw ex;
		}
	}

	/**
	 * Short with replicas, so a killed master fails over within seconds; long without,
	 * where there is nothing to fail over to and a master that an overloaded machine
	 * keeps from answering the cluster bus for two seconds would only take the whole
	 * cluster down.
	 */
	static int nodeTimeoutMillis(int replicasPerMaster) {
		return (replicasPerMaster > 0) ? 2_000 : 15_000;
	}

	/**
	 * Waits until every node reports {@code cluster_state:ok} and knows all the others,
	 * e.g. after restarting a node.
	 * @throws IllegalStateException if that takes more than a minute
	 */
	public void awaitHealthy() {
		ClusterFormation.awaitHealthy(this.nodes);
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
		for (int i = 0; i < this.masters; i++) {
			if (slot < this.firstSlots[i + 1]) {
				return this.nodes.get(i);
			}
		}
		throw new IllegalStateException("Slot " + slot + " of key '" + key + "' is out of range");
	}

	/**
	 * The node that serves a key's slot now, as the running nodes' {@code CLUSTER NODES}
	 * say (after a migration or a failover it differs from {@link #nodeFor(String)}).
	 * @param key the key (a {@code {hash tag}} is honoured)
	 * @return the master serving the slot now
	 */
	public RedisServer masterFor(String key) {
		RedisProcess any = this.nodes.stream()
			.filter(RedisProcess::isRunning)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No node of " + hostPorts() + " is running"));
		int slot = Integer.parseInt(String.valueOf(any.cli("CLUSTER", "KEYSLOT", key)).trim());
		for (String line : String.valueOf(any.cli("CLUSTER", "NODES")).split("\n")) {
			String[] fields = line.trim().split(" ");
			if (fields.length < 9 || !fields[2].contains("master") || fields[2].contains("fail")) {
				continue;
			}
			for (int f = 8; f < fields.length; f++) {
				if (fields[f].startsWith("[")) {
					continue;
				}
				String[] range = fields[f].split("-");
				int first = Integer.parseInt(range[0]);
				int last = Integer.parseInt(range[range.length - 1]);
				if (slot >= first && slot <= last) {
					int port = Integer.parseInt(fields[1].substring(fields[1].lastIndexOf(':') + 1).split("@")[0]);
					return this.nodes.stream()
						.filter((node) -> node.port() == port)
						.findFirst()
						.orElseThrow(() -> new IllegalStateException("Unknown node " + fields[1]));
				}
			}
		}
		throw new IllegalStateException("No master serves slot " + slot + " of key '" + key + "'");
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
