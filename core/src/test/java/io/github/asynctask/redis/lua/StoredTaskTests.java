package io.github.asynctask.redis.lua;

import java.time.Instant;

import io.github.asynctask.TaskState;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Reading the stored {@code "meta\npayload"} form the scripts write.
 */
class StoredTaskTests {

	@Test
	void readsEveryMetaField() {
		StoredTask task = StoredTask.parse("01J",
				"{\"v\":1,\"n\":\"mail.send\",\"s\":\"r\",\"a\":2,\"k\":7,\"m\":25,\"c\":1700000000000,"
						+ "\"t\":1700000001000,\"e\":\"boom \\\"quoted\\\"\\nline\",\"ok\":1}\n[\"x\\ny\"]",
				"");
		assertThat(task.name()).isEqualTo("mail.send");
		assertThat(task.state()).isEqualTo(TaskState.RETRY);
		assertThat(task.attempts()).isEqualTo(2);
		assertThat(task.token()).isEqualTo(7);
		assertThat(task.maxRetries()).isEqualTo(25);
		assertThat(task.createdAt()).isEqualTo(Instant.ofEpochMilli(1700000000000L));
		assertThat(task.updatedAt()).isEqualTo(Instant.ofEpochMilli(1700000001000L));
		assertThat(task.lastError()).isEqualTo("boom \"quoted\"\nline");
		assertThat(task.payload()).isEqualTo("[\"x\\ny\"]");
	}

	@Test
	void missingFieldsKeepDefaultsAndNestedOnesAreSkipped() {
		StoredTask task = StoredTask.parse("01J", "{\"s\":\"p\",\"x\":{\"k\":99,\"deep\":[1,{\"a\":5}]},\"k\":3}\n",
				"");
		assertThat(task.token()).isEqualTo(3);
		assertThat(task.attempts()).isZero();
		assertThat(task.name()).isEmpty();
		assertThat(task.lastError()).isNull();
		assertThat(task.payload()).isEmpty();
	}

	@Test
	void metaAndPayloadOfLayoutTwoAreReadApart() {
		StoredTask task = StoredTask.parse("01J", "{\"v\":2,\"n\":\"x\",\"s\":\"p\",\"m\":1,\"c\":5}", "[\"a\nb\"]");
		assertThat(task.payload()).isEqualTo("[\"a\nb\"]");
		assertThat(task.updatedAt()).isEqualTo(task.createdAt()).isEqualTo(Instant.ofEpochMilli(5));
		assertThat(task.attempts()).isZero();
	}

	@Test
	void aTokenStoredAsAStringIsReadExactly() {
		StoredTask task = StoredTask.parse("01J", "{\"s\":\"a\",\"k\":\"9007199254740991\"}\n[]", "");
		assertThat(task.token()).isEqualTo(9_007_199_254_740_991L);
	}

	@Test
	void numbersWrittenAsFloatsAreRead() {
		// cjson may print large numbers in exponent form
		StoredTask task = StoredTask.parse("01J", "{\"s\":\"a\",\"k\":4.0,\"c\":1.7e+12}\n[]", "");
		assertThat(task.token()).isEqualTo(4);
		assertThat(task.createdAt()).isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
	}

	@Test
	void unreadableMetaIsRefusedNamingTheTask() {
		assertThatIllegalStateException().isThrownBy(() -> StoredTask.parse("01BAD", "[1,2]\n[]", ""))
			.withMessageContaining("01BAD")
			.withMessageContaining("not a JSON object");
		assertThatIllegalStateException().isThrownBy(() -> StoredTask.parse("01BAD", "{\"s\":\n[]", ""))
			.withMessageContaining("01BAD")
			.withMessageContaining("unreadable meta");
		assertThatIllegalStateException().isThrownBy(() -> StoredTask.parse("01BAD", "not JSON", "[]"))
			.withMessageContaining("unreadable meta");
		assertThatIllegalStateException().isThrownBy(() -> StoredTask.parse("01BAD", "{\"s\":\"?\"}\n", ""))
			.withMessageContaining("unknown state code '?'");
	}

}
