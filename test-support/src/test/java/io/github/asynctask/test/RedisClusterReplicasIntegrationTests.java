package io.github.asynctask.test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RedisClusterReplicasIntegrationTests {

	private static final Pattern MASTER_OFFSET = Pattern.compile("master_repl_offset:(\\d+)");

	private static final Pattern REPLICA_OFFSET = Pattern.compile("slave0:.*state=online,offset=(\\d+)");

	@Test
	void aReplicaOfEachMasterTakesOverWhenItsMasterIsKilled() throws InterruptedException {
		try (RedisCluster cluster = RedisCluster.start(3, 1)) {
			List<RedisServer> nodes = cluster.nodes();
			assertThat(nodes).hasSize(6);
			assertThat(nodes.get(0).cli("CLUSTER", "INFO")).contains("cluster_known_nodes:6")
				.contains("cluster_size:3");
			// short, so the failover below takes seconds
			assertThat(nodes.get(0).cli("CONFIG", "GET", "cluster-node-timeout")).contains("2000");
			assertThat(nodes.subList(3, 6))
				.allSatisfy((replica) -> assertThat(replica.cli("INFO", "replication")).contains("role:slave")
					.contains("master_link_status:up"));
			RedisServer master = cluster.masterFor("{q}:x");
			assertThat(master).isSameAs(cluster.nodeFor("{q}:x"));
			master.cli("SET", "{q}:x", "1");
			// replication is asynchronous: the write must reach the replica first
			awaitReplicaCaughtUp(master);
			master.kill();
			RedisServer promoted = awaitNewMaster(cluster, master);
			assertThat(nodes.subList(3, 6)).contains(promoted);
			assertThat(promoted.cli("GET", "{q}:x")).isEqualTo("1");
		}
	}

	/**
	 * Waits until the master's replica has acknowledged everything written so far. Not
	 * {@code WAIT}: it counts acks of its own connection's writes, and {@code cli} opens
	 * a connection per command, so it would return at once.
	 */
	private static void awaitReplicaCaughtUp(RedisServer master) throws InterruptedException {
		long deadline = System.nanoTime() + 10_000_000_000L;
		String info = "";
		while (System.nanoTime() < deadline) {
			info = String.valueOf(master.cli("INFO", "replication"));
			Matcher written = MASTER_OFFSET.matcher(info);
			Matcher acked = REPLICA_OFFSET.matcher(info);
			if (written.find() && acked.find() && Long.parseLong(acked.group(1)) >= Long.parseLong(written.group(1))) {
				return;
			}
			Thread.sleep(50);
		}
		throw new AssertionError("The replica of " + master + " did not catch up: " + info);
	}

	private static RedisServer awaitNewMaster(RedisCluster cluster, RedisServer old) throws InterruptedException {
		long deadline = System.nanoTime() + 30_000_000_000L;
		while (System.nanoTime() < deadline) {
			try {
				RedisServer now = cluster.masterFor("{q}:x");
				if (now != old) {
					return now;
				}
			}
			catch (IllegalStateException ex) {
				// failing over: no master serves the slot for a moment
			}
			Thread.sleep(100);
		}
		throw new AssertionError("No replica took over from " + old);
	}

}
