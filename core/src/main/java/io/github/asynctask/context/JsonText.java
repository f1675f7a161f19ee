package io.github.asynctask.context;

import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the built-in codecs' small JSON objects and reads them back as plain maps and
 * lists (no type information, so header text can never name a class to instantiate).
 */
final class JsonText {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
	};

	private JsonText() {
	}

	static String write(Map<String, ?> object) {
		return MAPPER.writeValueAsString(object);
	}

	static Map<String, Object> read(String text, String what) {
		try {
			Map<String, Object> object = MAPPER.readValue(text, OBJECT);
			if (object == null) {
				throw new IllegalArgumentException(what + " header is not a JSON object: " + text);
			}
			return object;
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException(what + " header is not a JSON object: " + ex.getOriginalMessage(), ex);
		}
	}

}
