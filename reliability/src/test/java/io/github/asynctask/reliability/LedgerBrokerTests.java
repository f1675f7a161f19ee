package io.github.asynctask.reliability;

import java.nio.file.Path;

import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.ForwardingCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker JVM's recording broker passes every call of the port on, cancels and
 * progress reports included, so the soak runs the broker it means to test.
 */
class LedgerBrokerTests {

	@Test
	void forwardsEveryMethodOfThePort(@TempDir Path dir) {
		try (Ledger ledger = new Ledger(dir.resolve("ledger"))) {
			ForwardingCheck.assertForwardsEveryMethod(RedisBroker.class,
					(delegate) -> new LedgerBroker(delegate, ledger));
		}
	}

}
