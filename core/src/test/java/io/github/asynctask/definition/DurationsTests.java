package io.github.asynctask.definition;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DurationsTests {

	@ParameterizedTest
	@CsvSource({ "500ms, PT0.5S", "30s, PT30S", "15m, PT15M", "24h, PT24H", "7d, PT168H", "PT5M, PT5M", "pt1h, PT1H",
			"0s, PT0S", "' 10S ', PT10S", "1h30m, PT1H30M", "2d12h, PT60H", "100us, PT0.0001S" })
	void parsesSpringsSimpleCompositeAndIso8601Styles(String text, String expected) {
		assertThat(Durations.parse(text)).isEqualTo(Duration.parse(expected));
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "soon", "10", "10 minutes", "-5s", "-PT5M", "P", "1.5h", "5w", "30 s" })
	void refusesAnythingElseSayingWhichFormsAreAccepted(String text) {
		assertThatIllegalArgumentException().isThrownBy(() -> Durations.parse(text))
			.withMessageContaining("'" + text + "' is not a duration")
			.withMessageContaining("30s")
			.withMessageContaining("PT5M");
	}

	@Test
	void keepsLargeValuesExact() {
		assertThat(Durations.parse("365d")).isEqualTo(Duration.ofDays(365));
	}

}
