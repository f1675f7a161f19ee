package io.github.asynctask.submit;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UlidGeneratorTests {

	private final AtomicLong millis = new AtomicLong(1_700_000_000_000L);

	private final Clock clock = new Clock() {

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return Instant.ofEpochMilli(UlidGeneratorTests.this.millis.get());
		}

	};

	@Test
	void idsAre26CrockfordCharactersStartingWithTheTime() {
		String id = new UlidGenerator(this.clock).next();
		assertThat(id).hasSize(26).matches("[0-9A-HJKMNP-TV-Z]{26}");
		assertThat(id.substring(0, 10)).isEqualTo(UlidGenerator.format(this.millis.get(), 0, 0).substring(0, 10));
	}

	@Test
	void knownValueIsEncodedAsTheUlidSpecSays() {
		// time 0x01 and all random bits set: ten chars of time, sixteen of 'Z'
		assertThat(UlidGenerator.format(1, 0xFFFF, -1)).isEqualTo("0000000001ZZZZZZZZZZZZZZZZ");
		assertThat(UlidGenerator.format(0, 0, 1)).isEqualTo("00000000000000000000000001");
		// 2^64 = 16 * 32^12: the thirteenth character from the right is 'G' (16)
		assertThat(UlidGenerator.format(0, 1, 0)).isEqualTo("0000000000" + "000G" + "000000000000");
	}

	@Test
	void idsWithinOneMillisecondAreStrictlyIncreasing() {
		UlidGenerator generator = new UlidGenerator(this.clock, new Random(1));
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 10_000; i++) {
			ids.add(generator.next());
		}
		assertThat(ids).isSortedAccordingTo(String::compareTo).doesNotHaveDuplicates();
	}

	@Test
	void carriesIntoTheHighBitsWhenTheLowBitsOverflow() {
		Random random = new Random() {
			@Override
			public int nextInt() {
				return 7;
			}

			@Override
			public long nextLong() {
				return -1L;
			}
		};
		UlidGenerator generator = new UlidGenerator(this.clock, random);
		String first = generator.next();
		String second = generator.next();
		assertThat(second).isGreaterThan(first);
	}

	@Test
	void idsStayOrderedWhenTheClockStepsBack() {
		UlidGenerator generator = new UlidGenerator(this.clock);
		String before = generator.next();
		this.millis.addAndGet(-5_000);
		String after = generator.next();
		assertThat(after).isGreaterThan(before);
	}

	@Test
	void laterMillisecondsSortAfterEarlierOnes() {
		UlidGenerator generator = new UlidGenerator(this.clock);
		String first = generator.next();
		this.millis.incrementAndGet();
		assertThat(generator.next()).isGreaterThan(first);
	}

}
