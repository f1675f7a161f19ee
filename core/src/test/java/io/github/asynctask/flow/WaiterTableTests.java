package io.github.asynctask.flow;

import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class WaiterTableTests {

	private static Waiter waiter(String id) {
		return new Waiter("q", id, "t", JsonMapper.builder().build().constructType(Long.class),
				new CompletableFuture<>(), 0, null, false);
	}

	@Test
	void keepsEveryWaiterOfOneIdAndRemovesEachOnItsOwn() {
		WaiterTable table = new WaiterTable(10);
		Waiter first = waiter("a");
		Waiter second = waiter("a");
		assertThat(table.add(first)).isTrue();
		assertThat(table.add(second)).isTrue();
		assertThat(table.of("a")).containsExactly(first, second);
		assertThat(table.remove(first)).isTrue();
		assertThat(table.remove(first)).isFalse();
		assertThat(table.of("a")).containsExactly(second);
		assertThat(table.remove(second)).isTrue();
		assertThat(table.contains("a")).isFalse();
		assertThat(table.size()).isZero();
	}

	@Test
	void refusesAWaiterBeyondItsMaximumUntilOneLeaves() {
		WaiterTable table = new WaiterTable(2);
		Waiter one = waiter("a");
		assertThat(table.add(one)).isTrue();
		assertThat(table.add(waiter("b"))).isTrue();
		assertThat(table.add(waiter("c"))).isFalse();
		assertThat(table.size()).isEqualTo(2);
		table.remove(one);
		assertThat(table.add(waiter("c"))).isTrue();
	}

	@Test
	void aReplacedWaiterMovesToItsNewIdWithinTheCount() {
		WaiterTable table = new WaiterTable(1);
		Waiter waiter = waiter("a");
		table.add(waiter);
		Waiter following = waiter.following("b");
		table.replace(waiter, following);
		assertThat(table.of("a")).isEmpty();
		assertThat(table.of("b")).containsExactly(following);
		assertThat(following.future()).isSameAs(waiter.future());
		assertThat(following.sent()).isTrue();
		assertThat(table.size()).isEqualTo(1);
	}

	@Test
	void aMaximumBelowOneIsRefusedNamingTheProperty() {
		assertThatIllegalArgumentException().isThrownBy(() -> new WaiterTable(0))
			.withMessageContaining("async-task.results.max-waiting");
	}

}
