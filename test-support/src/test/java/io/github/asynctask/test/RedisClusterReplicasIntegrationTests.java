package io.github.asynctask.test;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RedisClusterReplicasIntegrationTests {

	@Test
	void aReplicaOfEachMasterTakesOverWhenItsMasterIsKilled() throws InterruptedException {
		try (RedisCluster cluster = RedisCluster.start(3, 1)) {
			List<RedisServer> nodes = cluster.nodes();
			assertThat(nodes).hasSize(6);
			assertThat(nodes.get(0).cli("CLUSTER", "INFO")).contains("cluster_known_nodes:6")
				.contains("cluster_size:3");
			assertThat(nodes.subList(3, 6))
				.allSatisfy((replica) -> assertThat(replica.cli("INFO", "replication")).contains("role:slave")
					.contains("master_link_status:up"));
			RedisServer master = cluster.masterFor("{q}:x");
			assertThat(master).isSameAs(cluster.nodeFor("{q}:x"));
			master.cli("SET", "{q}:x", "1");
			// replication is asynchronous: the write must reach a replica first
			assertThat(master.cli("WAIT", "1", "5000")).isEqualTo("1");
			master.kill();
			RedisServer promoted = awaitNewMaster(cluster, master);
			assertThat(nodes.subList(3, 6)).contains(promoted);
			assertThat(promoted.cli("GET", "{q}:x")).isEqualTo("1");
		}
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
