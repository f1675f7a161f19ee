package io.github.asynctask.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Forms a {@link RedisCluster} from started nodes: {@code CLUSTER MEET}, slot assignment,
 * {@code CLUSTER REPLICATE}, and the waits for {@code cluster_state:ok} and replicas in
 * sync.
 */
final class ClusterFormation {

	private static final int ADDSLOTS_CHUNK = 1000;

	private static final Duration FORMATION_TIMEOUT = Duration.ofSeconds(60);

	private ClusterFormation() {
	}

	/**
	 * Join the started nodes: masters first, owning {@code firstSlots} ranges, then
	 * replicas.
	 */
	static void join(List<RedisProcess> nodes, int masters, int[] firstSlots, int replicasPerMaster) {
		RedisProcess first = nodes.get(0);
		for (RedisProcess node : nodes.subList(1, nodes.size())) {
			first.cli("CLUSTER", "MEET", node.host(), String.valueOf(node.port()));
		}
		for (int i = 0; i < masters; i++) {
			assignSlots(nodes.get(i), firstSlots[i], firstSlots[i + 1] - 1);
		}
		awaitHealthy(nodes);
		for (int i = 0; i < masters; i++) {
			String masterId = String.valueOf(nodes.get(i).cli("CLUSTER", "MYID")).trim();
			for (int r = 0; r < replicasPerMaster; r++) {
				RedisProcess replica = nodes.get(masters + i * replicasPerMaster + r);
				// the replica may not have heard of the master through gossip yet
				Polling.await(() -> tryCli(replica, "CLUSTER", "REPLICATE", masterId), FORMATION_TIMEOUT,
						"replica " + replica.port() + " to accept CLUSTER REPLICATE " + masterId);
			}
		}
		for (RedisProcess replica : nodes.subList(masters, nodes.size())) {
			Polling.await(() -> String.valueOf(tryInfo(replica)).contains("master_link_status:up"), FORMATION_TIMEOUT,
					"replica " + replica.port() + " to sync with its master");
		}
		awaitHealthy(nodes);
	}

	private static boolean tryCli(RedisProcess node, String... command) {
		try {
			node.cli(command);
			return true;
		}
		catch (IllegalStateException ex) {
			return false;
		}
	}

	private static @Nullable String tryInfo(RedisProcess node) {
		try {
			return node.cli("INFO", "replication");
		}
		catch (IllegalStateException ex) {
			return null;
		}
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
	 * Wait until every node reports {@code cluster_state:ok} and knows all the others.
	 */
	static void awaitHealthy(List<RedisProcess> nodes) {
		long deadline = System.nanoTime() + FORMATION_TIMEOUT.toNanos();
		String expectedNodes = "cluster_known_nodes:" + nodes.size() + "\r\n";
		while (System.nanoTime() < deadline) {
			if (nodes.stream().allMatch((node) -> isHealthy(node, expectedNodes))) {
				return;
			}
			Polling.sleep(Duration.ofMillis(50), "the Redis cluster to form");
		}
		throw new IllegalStateException(
				"Redis cluster " + nodes.stream().map((node) -> node.host() + ":" + node.port()).toList()
						+ " did not reach cluster_state:ok within " + FORMATION_TIMEOUT.toSeconds()
						+ "s; a node may be stopped, or CLUSTER MEET failed");
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

}
