package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Security checks with worker JVMs: they run as a Redis ACL user confined to the key
 * prefix (and its channels), and the user's password never shows in their logs, even at
 * DEBUG and through forced reconnects.
 */
@Order(1) // short: runs while the soak starts (junit-platform.properties)
class SecurityIntegrationTests {

	@Test
	void workersRunAsAnAclUserConfinedToThePrefixAndNeverLogItsPassword() {
		try (Rig rig = new Rig()) {
			String password = "pw-" + UUID.randomUUID();
			rig.redis.cli("ACL", "SETUSER", "asynctask", "on", ">" + password, "resetkeys", "~" + Rig.PREFIX + ":*",
					"resetchannels", "&" + Rig.PREFIX + ":*", "+@all", "-@admin", "-@dangerous");
			List<WorkerJvm> workers = rig.startWorkers(2,
					(options) -> options.with("user", "asynctask")
						.with("password", password)
						.jvm("-Dreliability.log.level=DEBUG")
						.jvm("-Dreliability.lettuce.level=DEBUG"));
			for (int i = 0; i < 100; i++) {
				rig.producer.work(20);
				if (i == 50) {
					// every connection re-authenticates
					rig.redis.cli("CLIENT", "KILL", "USER", "asynctask");
				}
			}
			rig.awaitDrained(Duration.ofSeconds(30));
			String clients = rig.redis.cli("CLIENT", "LIST");
			LedgerChecker.Verdict verdict = rig.verdict();
			String logs = rig.workerLogs();
			rig.report("security-acl-password", verdict,
					Map.of("logBytes", logs.length(), "passwordInLogs", logs.contains(password)));
			assertThat(clients).contains("user=asynctask");
			assertThat(verdict.ok()).isEqualTo(100);
			assertThat(logs).as("DEBUG logs were written").contains("DEBUG");
			assertThat(logs).doesNotContain(password);
			assertThat(workers).allMatch(WorkerJvm::isAlive);
		}
	}

}
