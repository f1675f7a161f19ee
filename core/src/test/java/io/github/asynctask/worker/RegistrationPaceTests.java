package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RegistrationPaceTests {

	private static final Duration INTERVAL = Duration.ofSeconds(10);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void aSmallFleetRegistersAtEveryHeartbeatForALease() {
		RegistrationPace pace = new RegistrationPace(INTERVAL, LEASE);
		for (int beat = 0; beat < 5; beat++) {
			assertThat(pace.due()).isTrue();
			assertThat(pace.ttl()).isEqualTo(LEASE);
			pace.sent(100);
		}
	}

	@Test
	void aThousandInstancesRegisterEveryHundredSecondsForFiveMinutes() {
		RegistrationPace pace = new RegistrationPace(INTERVAL, LEASE);
		assertThat(pace.every(1_000)).isEqualTo(10);
		// the whole fleet: 1,000 instances / 100 s = 10 calls a second
		assertThat(1_000 / (pace.every(1_000) * INTERVAL.toSeconds()))
			.isEqualTo(RegistrationPace.FLEET_CALLS_PER_SECOND);
		assertThat(pace.every(10_000)).isEqualTo(100);
		assertThat(pace.every(0)).isEqualTo(1);
	}

	@Test
	void everyRegistrationLivesThreeTimesAsLongAsTheWaitForTheNextWhileTheFleetGrowsAndShrinks() {
		RegistrationPace pace = new RegistrationPace(INTERVAL, LEASE);
		int[] fleet = { 1, 1_000, 1_000, 5_000, 40, 40, 2_000, 1, 1, 1 };
		List<Duration> ttls = new ArrayList<>();
		List<Long> gaps = new ArrayList<>();
		long beat = 0;
		long lastSent = -1;
		for (int count : fleet) {
			while (!pace.due()) {
				beat++;
			}
			if (lastSent >= 0) {
				gaps.add(beat - lastSent);
			}
			ttls.add(pace.ttl());
			pace.sent(count);
			lastSent = beat;
			beat++;
		}
		for (int i = 0; i < gaps.size(); i++) {
			Duration waited = INTERVAL.multipliedBy(gaps.get(i));
			assertThat(ttls.get(i)).as("registration %d, next one %s later", i, waited)
				.isGreaterThanOrEqualTo(waited.multipliedBy(3));
		}
		assertThat(gaps).as("paced out once the fleet is large, back to every heartbeat when small")
			.contains(10L, 50L)
			.endsWith(1L);
	}

}
