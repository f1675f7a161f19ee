package io.github.asynctask.redis.lua;

import java.time.Instant;

import io.github.asynctask.TaskState;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Reading the packed meta of key layout 3 ({@code lib.lua} writes it).
 */
class PackedMetaTests {

	private static final long CREATED = 1_700_000_000_000L;

	private static final String CREATED_36 = Long.toString(CREATED, 36);

	@Test
	void aQueuedTaskHasNoAttemptsNorTokenAndLeavesChangedEmpty() {
		PackedMeta meta = PackedMeta.parse("3|p|25|" + CREATED_36 + "||mail.send");
		assertThat(meta).isEqualTo(new PackedMeta("p", 0, 25, CREATED, CREATED, 0, "mail.send"));
	}

	@Test
	void aDeliveredTaskCarriesEveryField() {
		String changed = Long.toString(CREATED + 1234, 36);
		PackedMeta meta = PackedMeta.parse("3|a|3|0|" + CREATED_36 + "|" + changed + "|-9007199254740993|orders|ship");
		assertThat(meta)
			.isEqualTo(new PackedMeta("a", 3, 0, CREATED, CREATED + 1234, -9_007_199_254_740_993L, "orders|ship"));
	}

	@Test
	void onlyAThreeAndABarStartThePackedForm() {
		assertThat(PackedMeta.isPacked("3|p|1|0||x")).isTrue();
		assertThat(PackedMeta.isPacked("{\"v\":2}")).isFalse();
		assertThat(PackedMeta.isPacked("3")).isFalse();
		assertThat(PackedMeta.isPacked("")).isFalse();
	}

	@Test
	void aDamagedMetaNamesWhatIsWrong() {
		assertThatIllegalArgumentException().isThrownBy(() -> PackedMeta.parse("3|p|25|" + CREATED_36))
			.withMessage("packed meta has 3 of 5 fields");
		assertThatIllegalArgumentException().isThrownBy(() -> PackedMeta.parse("3|a|1|25|" + CREATED_36 + "||x"))
			.withMessage("packed meta has 6 of 7 fields");
		assertThatIllegalArgumentException().isThrownBy(() -> PackedMeta.parse("3|p|many|" + CREATED_36 + "||x"))
			.withMessage("packed meta field max retries is not a number: 'many'");
		assertThatIllegalArgumentException().isThrownBy(() -> PackedMeta.parse("3|p|25|||x"))
			.withMessage("packed meta field created is not a number: ''");
		assertThatIllegalArgumentException().isThrownBy(() -> PackedMeta.parse("3|a|1|25|" + CREATED_36 + "|||x"))
			.withMessage("packed meta field token is not a number: ''");
		assertThatIllegalArgumentException().isThrownBy(() -> PackedMeta.parse("3|r|25|" + CREATED_36 + "||x"))
			.withMessage("packed meta has an unknown state 'r'");
	}

	@Test
	void aStoredTaskInThePackedFormIsReadWithItsPayload() {
		StoredTask task = StoredTask.parse("id1", "3|a|1|25|" + CREATED_36 + "|" + Long.toString(CREATED + 5, 36)
				+ "|42|mail.send\n{\"args\":[\"a\\nb\"]}", "");
		assertThat(task.name()).isEqualTo("mail.send");
		assertThat(task.state()).isEqualTo(TaskState.ACTIVE);
		assertThat(task.attempts()).isEqualTo(1);
		assertThat(task.token()).isEqualTo(42);
		assertThat(task.maxRetries()).isEqualTo(25);
		assertThat(task.createdAt()).isEqualTo(Instant.ofEpochMilli(CREATED));
		assertThat(task.updatedAt()).isEqualTo(Instant.ofEpochMilli(CREATED + 5));
		assertThat(task.lastError()).isNull();
		assertThat(task.payload()).isEqualTo("{\"args\":[\"a\\nb\"]}");
	}

	@Test
	void aStoredTaskWithDamagedPackedMetaNamesTheTask() {
		assertThatIllegalStateException().isThrownBy(() -> StoredTask.parse("id1", "3|p|25|" + CREATED_36 + "\n[]", ""))
			.withMessage("Task id1 has unreadable meta in Redis: packed meta has 3 of 5 fields");
	}

}
