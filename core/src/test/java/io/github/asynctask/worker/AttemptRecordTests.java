package io.github.asynctask.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class AttemptRecordTests {

	@Test
	void anAttemptTellsItsTimesInstanceErrorAndTheFirstStackLines() {
		Instant end = Instant.parse("2026-11-25T06:00:00.500Z");
		UncheckedIOException error = new UncheckedIOException("mail failed", new IOException("connection reset"));
		JsonNode attempt = JsonMapper.shared()
			.readTree(AttemptRecord.json(end, Duration.ofMillis(250), "web-1:42:ab", error));
		assertThat(attempt.path("start").asLong()).isEqualTo(end.toEpochMilli() - 250);
		assertThat(attempt.path("end").asLong()).isEqualTo(end.toEpochMilli());
		assertThat(attempt.path("instance").asString()).isEqualTo("web-1:42:ab");
		assertThat(attempt.path("error").asString()).isEqualTo("java.io.UncheckedIOException");
		assertThat(attempt.path("message").asString()).isEqualTo("mail failed");
		String stack = attempt.path("stack").asString();
		assertThat(stack.lines().filter((line) -> line.startsWith("at "))).hasSize(AttemptRecord.STACK_LINES);
		assertThat(stack).endsWith("caused by java.io.IOException: connection reset");
	}

	@Test
	void aHugeMessageIsCutSoTheHistoryStaysSmall() {
		String json = AttemptRecord.json(Instant.now(), Duration.ZERO, "i",
				new IllegalStateException("x".repeat(100_000)));
		JsonNode attempt = JsonMapper.shared().readTree(json);
		assertThat(attempt.path("message").asString()).hasSize(AttemptRecord.MAX_MESSAGE).endsWith("...");
		assertThat(json.length()).isLessThan(2_000);
	}

}
