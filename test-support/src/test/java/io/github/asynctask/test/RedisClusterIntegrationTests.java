package io.github.asynctask.test;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

@ExtendWith(RedisClusterExtension.class)
class RedisClusterIntegrationTests {

	@Test
	void threeMastersFormAHealthyCluster(RedisCluster cluster) {
		assertThat(cluster.nodes()).hasSize(3);
		assertThat(cluster.hostPorts()).hasSize(3).allMatch((hostPort) -> hostPort.matches("127\\.0\\.0\\.1:\\d+"));
		assertThat(cluster.nodes()).allSatisfy((node) -> {
			assertThat(node.cli("CLUSTER", "INFO")).contains("cluster_state:ok")
				.contains("cluster_slots_assigned:16384")
				.contains("cluster_known_nodes:3")
				.contains("cluster_size:3");
		});
	}

	@Test
	void aClusterWithoutReplicasIsNotTakenDownByAMasterSlowToAnswerTheBusForTwoSeconds(RedisCluster cluster) {
		assertThat(cluster.nodes())
			.allSatisfy((node) -> assertThat(String.valueOf(node.cli("CONFIG", "GET", "cluster-node-timeout")))
				.contains("15000"));
	}

	@Test
	void aKeyIsStoredOnItsOwningNodeAndOthersRedirect(RedisCluster cluster) {
		RedisServer owner = cluster.nodeFor("{queue:mail}:pending");
		assertThat(owner.cli("SET", "{queue:mail}:pending", "42")).isEqualTo("OK");
		assertThat(owner.cli("GET", "{queue:mail}:pending")).isEqualTo("42");
		assertThat(cluster.nodeFor("{queue:mail}:other")).isSameAs(owner);
		cluster.nodes().stream().filter((node) -> node != owner).forEach((node) -> {
			assertThatIllegalStateException().isThrownBy(() -> node.cli("GET", "{queue:mail}:pending"))
				.withMessageStartingWith("MOVED")
				.withMessageEndingWith(owner.host() + ":" + owner.port());
		});
	}

	@Test
	void keysSpreadOverEveryNode(RedisCluster cluster) {
		assertThat(cluster.nodes()).allSatisfy((node) -> assertThat(java.util.stream.IntStream.range(0, 100)
			.mapToObj((i) -> cluster.nodeFor("key" + i))
			.anyMatch(node::equals)).isTrue());
	}

	@Test
	void aRestartedNodeRejoinsWithItsSlots(RedisCluster cluster) {
		RedisServer owner = cluster.nodeFor("survivor");
		owner.cli("SET", "survivor", "before");
		owner.stop();
		owner.start();
		cluster.awaitHealthy();
		assertThat(owner.cli("CLUSTER", "INFO")).contains("cluster_state:ok");
		assertThat(cluster.nodeFor("survivor")).isSameAs(owner);
		assertThat(owner.cli("SET", "survivor", "after")).isEqualTo("OK");
	}

}
