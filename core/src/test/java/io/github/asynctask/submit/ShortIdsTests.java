package io.github.asynctask.submit;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ShortIdsTests {

	private static final long MAX_NUMBER = (1 << ShortIds.NUMBER_BITS) - 1;

	@Test
	void theAlphabetHas64DistinctCharactersInAsciiOrder() {
		char[] chars = ShortIds.ALPHABET.toCharArray();
		char[] sorted = chars.clone();
		Arrays.sort(sorted);
		assertThat(chars).hasSize(64).isEqualTo(sorted).doesNotHaveDuplicates();
	}

	@Test
	void anIdIs14CharactersOfTheAlphabetAndReadsBack() {
		long time = ShortIds.EPOCH_MILLIS + 123_456_789_012L;
		String id = ShortIds.format(time, 54_321, 9_876_543);
		assertThat(id).hasSize(14).matches("[-0-9A-Z_a-z]{14}");
		assertThat(ShortIds.unixMillis(id)).isEqualTo(time);
		assertThat(ShortIds.number(id)).isEqualTo(54_321);
		assertThat(ShortIds.sequence(id)).isEqualTo(9_876_543);
	}

	@Test
	void theSmallestAndLargestIdsUseTheFirstAndLastCharacter() {
		assertThat(ShortIds.format(ShortIds.EPOCH_MILLIS, 0, 0)).isEqualTo("--------------");
		assertThat(ShortIds.format(ShortIds.EPOCH_MILLIS + ShortIds.MAX_TIME, (int) MAX_NUMBER, ShortIds.MAX_SEQUENCE))
			.isEqualTo("zzzzzzzzzzzzzz");
	}

	@Test
	void idsSortAsStringsAsTheirTimeNumberAndSequenceSort() {
		Random random = new Random(22);
		Comparator<long[]> numeric = Comparator.<long[]>comparingLong((parts) -> parts[0])
			.thenComparingLong((parts) -> parts[1])
			.thenComparingLong((parts) -> parts[2]);
		for (int i = 0; i < 100_000; i++) {
			long[] a = parts(random);
			long[] b = (i % 3 == 0) ? new long[] { a[0], random.nextInt(1 << 16), a[2] } : parts(random);
			assertThat(Integer.signum(format(a).compareTo(format(b)))).as("%s vs %s", format(a), format(b))
				.isEqualTo(Integer.signum(numeric.compare(a, b)));
		}
	}

	@Test
	void onlyTimesFromTheEpochOn139YearsFit() {
		assertThat(ShortIds.fits(ShortIds.EPOCH_MILLIS - 1)).isFalse();
		assertThat(ShortIds.fits(ShortIds.EPOCH_MILLIS)).isTrue();
		assertThat(ShortIds.fits(ShortIds.EPOCH_MILLIS + ShortIds.MAX_TIME)).isTrue();
		assertThat(ShortIds.fits(ShortIds.EPOCH_MILLIS + ShortIds.MAX_TIME + 1)).isFalse();
		assertThat(ShortIds.MAX_TIME / (365.25 * 24 * 3600 * 1000)).isGreaterThan(139);
	}

	private static long[] parts(Random random) {
		// small ranges too, so that equal times and numbers come up
		long time = random.nextBoolean() ? random.nextInt(4) : random.nextLong(ShortIds.MAX_TIME + 1);
		long number = random.nextBoolean() ? random.nextInt(3) : random.nextLong(MAX_NUMBER + 1);
		long sequence = random.nextBoolean() ? random.nextInt(3) : random.nextLong(ShortIds.MAX_SEQUENCE + 1);
		return new long[] { time, number, sequence };
	}

	private static String format(long[] parts) {
		return ShortIds.format(ShortIds.EPOCH_MILLIS + parts[0], (int) parts[1], parts[2]);
	}

}
