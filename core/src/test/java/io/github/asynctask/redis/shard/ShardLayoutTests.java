package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Shard names, the shard a submit picks, and which shards an instance serves.
 */
@ExtendWith(OutputCaptureExtension.class)
class ShardLayoutTests {

	@Test
	void shardZeroIsTheQueueItselfAndOthersCarryTheirIndex() {
		assertThat(RedisKeys.shard("orders", 0)).isEqualTo("orders");
		assertThat(RedisKeys.shard("orders", 7)).isEqualTo("orders#7");
		assertThat(new RedisKeys("p").pending(RedisKeys.shard("orders", 7))).isEqualTo("p:{orders#7}:pending");
		assertThat(ShardName.parse("orders#7")).isEqualTo(new ShardName("orders", 7));
		assertThat(ShardName.parse("a#b#12")).isEqualTo(new ShardName("a#b", 12));
	}

	@Test
	void namesThatAreNotShardsReadAsTheirOwnQueue() {
		for (String name : List.of("orders", "#3", "orders#", "orders#0", "orders#07", "orders#1024", "orders#x1",
				"orders#99999")) {
			assertThat(ShardName.parse(name)).as(name).isEqualTo(new ShardName(name, 0));
		}
		assertThat(ShardName.queueOf("orders#1023")).isEqualTo("orders");
	}

	@Test
	void aCountOutsideOneTo1024OrAShardLikeQueueNameIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ShardLayout(Map.of("q", 0), List::of))
			.withMessage("async-task.queues.q.shards must be within 1..1024 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new ShardLayout(Map.of("q", 1025), List::of))
			.withMessageContaining("1025");
		assertThatIllegalArgumentException().isThrownBy(() -> new ShardLayout(Map.of("q#2", 2), List::of))
			.withMessageContaining("'q#2'");
	}

	@Test
	void aBizIdPicksTheSameShardEverywhereAndTaskIdsSpreadEvenly() {
		EnqueueRequest a = EnqueueRequest.now("q", "id-1", "t", "{}", 0).withBizId("order-9", java.time.Duration.ZERO);
		EnqueueRequest b = EnqueueRequest.now("q", "id-2", "u", "{}", 0).withBizId("order-9", java.time.Duration.ZERO);
		assertThat(ShardChoice.of(a, 8)).isEqualTo(ShardChoice.of(b, 8));
		assertThat(ShardChoice.route(a, 8).queue()).isEqualTo(RedisKeys.shard("q", ShardChoice.of(a, 8)));
		int[] counts = new int[8];
		for (int i = 0; i < 8000; i++) {
			counts[ShardChoice.of(EnqueueRequest.now("q", "01J" + i, "t", "{}", 0), 8)]++;
		}
		for (int count : counts) {
			assertThat(count).isBetween(800, 1200);
		}
		assertThat(ShardChoice.of(a, 1)).isZero();
	}

	@Test
	void shardsRegisteredBeyondTheConfiguredCountAreServedAndWarnedAboutOnce(CapturedOutput output) {
		List<String> registry = new ArrayList<>(List.of("q", "q#1", "other#2", "plain"));
		AtomicInteger reads = new AtomicInteger();
		AtomicLong now = new AtomicLong();
		ShardLayout layout = new ShardLayout(Map.of("q", 1, "other", 4), () -> {
			reads.incrementAndGet();
			return List.copyOf(registry);
		}, now::get);
		assertThat(layout.served("q")).containsExactly("q", "q#1");
		assertThat(layout.served("other")).containsExactly("other", "other#1", "other#2", "other#3");
		assertThat(layout.served("plain")).containsExactly("plain");
		assertThat(layout.configured("q")).isEqualTo(1);
		assertThat(output).contains("async-task.queues.q.shards=1").doesNotContain("queues.other.shards");

		registry.add("q#5");
		assertThat(layout.served("q")).as("read again only after the refresh period").containsExactly("q", "q#1");
		now.addAndGet(ShardLayout.REFRESH.toNanos());
		assertThat(layout.served("q")).containsExactly("q", "q#1", "q#5");
		assertThat(reads).hasValue(2);
		assertThat(output.toString().split("shards up to q#5", -1)).hasSize(2);
	}

	@Test
	void inAFleetOfAThousandEachInstanceReadsTheRegistryEveryHundredSeconds() {
		List<String> registry = new ArrayList<>(List.of("q"));
		AtomicInteger reads = new AtomicInteger();
		AtomicLong now = new AtomicLong();
		AtomicInteger fleet = new AtomicInteger(100);
		ShardLayout layout = new ShardLayout(Map.of("q", 1), () -> {
			reads.incrementAndGet();
			return List.copyOf(registry);
		}, now::get);
		layout.paceBy(fleet::get);
		assertThat(layout.served("q")).containsExactly("q");
		now.addAndGet(ShardLayout.REFRESH.toNanos());
		layout.served("q");
		assertThat(reads).as("100 instances: every 10 s as alone").hasValue(2);

		fleet.set(1_000);
		registry.add("q#1");
		now.addAndGet(ShardLayout.REFRESH.toNanos());
		assertThat(layout.served("q")).as("1,000 instances: not after 10 s").containsExactly("q");
		now.addAndGet(Duration.ofSeconds(90).toNanos());
		assertThat(layout.served("q")).as("but after 100 s").containsExactly("q", "q#1");
		assertThat(reads).hasValue(3);
	}

	@Test
	void aRegistryThatCannotBeReadKeepsTheConfiguredShards() {
		ShardLayout layout = new ShardLayout(Map.of("q", 3), () -> {
			throw new IllegalStateException("down");
		});
		assertThat(layout.served("q")).containsExactly("q", "q#1", "q#2");
	}

}
