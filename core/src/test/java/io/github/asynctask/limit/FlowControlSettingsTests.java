package io.github.asynctask.limit;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Rate-limit parsing, pool validation and the order in which a pool tries its queues.
 */
class FlowControlSettingsTests {

	@Test
	void aRateParsesAsPermitsPerPeriod() {
		assertThat(RateLimit.parse("100/1s", "p")).isEqualTo(new RateLimit(100, Duration.ofSeconds(1)));
		assertThat(RateLimit.parse(" 5 / PT1M ", "p")).isEqualTo(new RateLimit(5, Duration.ofMinutes(1)));
		assertThat(RateLimit.parse("3/500ms", "p").period()).isEqualTo(Duration.ofMillis(500));
		assertThat(RateLimit.parse("3/500ms", "p")).hasToString("3/500ms");
		assertThat(RateLimit.parse("100/PT1S", "p")).hasToString("100/1s");
		assertThat(RateLimit.parse("5/90s", "p")).hasToString("5/90s");
	}

	@Test
	void aMalformedRateIsRefusedNamingTheProperty() {
		for (String bad : List.of("100/0s", "abc", "0/1s", "100", "100/1x", "-1/1s", "100/")) {
			assertThatIllegalArgumentException().as(bad)
				.isThrownBy(() -> RateLimit.parse(bad, "async-task.queues.mail.rate-limit"))
				.withMessageContaining("async-task.queues.mail.rate-limit must be <permits>/<period>")
				.withMessageContaining("'" + bad + "'");
		}
	}

	@Test
	void aWeightOfZeroOrBelowIsRefusedNamingTheKey() {
		assertThatIllegalArgumentException().isThrownBy(() -> new QueuePool("main", 4, Map.of("low", 0), false))
			.withMessageContaining("async-task.pools.main.queues.low must be a weight of at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new QueuePool("main", 4, Map.of("low", -2), false))
			.withMessageContaining("async-task.pools.main.queues.low");
		assertThatIllegalArgumentException().isThrownBy(() -> new QueuePool("main", 0, Map.of("low", 1), false))
			.withMessageContaining("async-task.pools.main.concurrency must be at least 1");
		assertThatIllegalArgumentException().isThrownBy(() -> new QueuePool("main", 1, Map.of(), false))
			.withMessageContaining("async-task.pools.main.queues must name at least one queue");
	}

	@Test
	void aQueueInTwoPoolsOrInAPoolAndOnItsOwnIsRefused() {
		QueuePool main = new QueuePool("main", 4, Map.of("a", 1, "b", 1), false);
		QueuePool other = new QueuePool("other", 4, Map.of("b", 1), false);
		assertThatIllegalArgumentException().isThrownBy(() -> QueuePool.checkMembership(Set.of(), List.of(main, other)))
			.withMessageContaining("Queue 'b' is listed in two pools");
		assertThatIllegalArgumentException().isThrownBy(() -> QueuePool.checkMembership(Set.of("a"), List.of(main)))
			.withMessageContaining("Queue 'a' is in async-task.pools.main.queues and also served on its own");
	}

	@Test
	void strictAlwaysTriesTheDeclaredOrder() {
		QueuePool pool = new QueuePool("p", 1, weights(), true);
		for (int i = 0; i < 100; i++) {
			assertThat(pool.choice().order()).containsExactly("critical", "default", "low");
		}
	}

	/** 100,000 draws: a share's standard deviation is below 0.16 points. */
	@Test
	void weightedPutsEachQueueFirstInProportionToItsWeightAndTriesEveryQueue() {
		RandomGenerator random = new SplittableRandom(42);
		WeightedChoice choice = new WeightedChoice(weights(), random);
		Map<String, Integer> first = new LinkedHashMap<>();
		int draws = 100_000;
		for (int i = 0; i < draws; i++) {
			List<String> order = choice.order();
			assertThat(order).containsExactlyInAnyOrder("critical", "default", "low");
			first.merge(order.get(0), 1, Integer::sum);
		}
		assertThat(100.0 * first.get("critical") / draws).isCloseTo(60.0, org.assertj.core.data.Offset.offset(1.0));
		assertThat(100.0 * first.get("default") / draws).isCloseTo(30.0, org.assertj.core.data.Offset.offset(1.0));
		assertThat(100.0 * first.get("low") / draws).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1.0));
	}

	private static Map<String, Integer> weights() {
		Map<String, Integer> weights = new LinkedHashMap<>();
		weights.put("critical", 6);
		weights.put("default", 3);
		weights.put("low", 1);
		return weights;
	}

}
