package io.github.asynctask.benchmarks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JsonTests {

	@Test
	void writesNestedMapsListsNumbersAndEscapedStrings() {
		Map<String, Object> value = new LinkedHashMap<>();
		value.put("system", "a\"b\\c\nd");
		value.put("n", 50_000);
		value.put("rate", 1234.56789);
		value.put("whole", 2.0);
		value.put("nan", Double.NaN);
		value.put("skipped", null);
		value.put("runs", List.of(1.5, 2.25));
		assertThat(Json.write(value)).isEqualTo(
				"{\"system\":\"a\\\"b\\\\c\\nd\",\"n\":50000,\"rate\":1234.568,\"whole\":2,\"nan\":null,\"runs\":[1.5,2.25]}");
	}

}
