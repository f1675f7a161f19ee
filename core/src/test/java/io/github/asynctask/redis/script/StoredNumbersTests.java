package io.github.asynctask.redis.script;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.PackedMeta;
import io.github.asynctask.redis.lua.StoredTask;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * One range of stored numbers: the same values in {@code lib.lua} as here, the Java
 * readers refuse what the scripts' readers refuse (instead of casting a count past an
 * {@code int} to a negative one), and a submit outside it is refused naming the field.
 */
class StoredNumbersTests {

	private static final String CREATED_36 = Long.toString(1_700_000_000_000L, 36);

	@Test
	void theScriptsHoldTheSameRange() throws IOException {
		String lib = Files.readString(Path.of("src/main/resources/io/github/asynctask/redis/scripts/lib.lua"));
		assertThat(lib).contains("local MAX_STORED_COUNT = " + StoredNumbers.MAX_COUNT + "\n")
			.contains("local MAX_STORED_RETRIES = " + StoredNumbers.MAX_RETRIES + "\n")
			.contains("local MAX_STORED_TIME = " + StoredNumbers.MAX_TIME + "\n");
	}

	@Test
	void aPackedCountPastAJavaIntIsRefusedNotReadAsANegativeNumber() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> PackedMeta.parse("3|a|3000000000|1|" + CREATED_36 + "||5|mail.send"))
			.withMessage("meta field attempts is out of range: 3000000000 (0..2147483647 expected)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> PackedMeta.parse("3|p|3000000000|" + CREATED_36 + "||mail.send"))
			.withMessage("meta field max retries is out of range: 3000000000 (0..2147483646 expected)");
	}

	@Test
	void aPackedTimePastTheRangeIsRefused() {
		String late = Long.toString(StoredNumbers.MAX_TIME + 1, 36);
		assertThatIllegalArgumentException().isThrownBy(() -> PackedMeta.parse("3|p|1|" + late + "||mail.send"))
			.withMessageStartingWith("meta field created is out of range");
	}

	@Test
	void aJsonMetaCountPastTheRangeIsRefusedNamingTheTask() {
		assertThatIllegalStateException()
			.isThrownBy(() -> StoredTask.parse("id1", "{\"v\":2,\"n\":\"x\",\"s\":\"p\",\"m\":3000000000,\"c\":1}", ""))
			.withMessage("Task id1 has unreadable meta in Redis: meta field m is out of range: 3000000000 "
					+ "(0..2147483646 expected)");
	}

	@Test
	void aSubmitWithMaxRetriesPastTheRangeIsRefusedNamingTheField() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> EnqueueRequest.now("q", "id1", "mail.send", "{}", Integer.MAX_VALUE))
			.withMessageContaining("maxRetries of task 'mail.send'")
			.withMessageContaining(Integer.toString(StoredNumbers.MAX_RETRIES));
	}

}
