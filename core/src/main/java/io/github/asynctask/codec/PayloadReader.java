package io.github.asynctask.codec;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.deser.DeserializationContextExt;

/**
 * Reads a payload of {@link JacksonTaskCodec} token by token, so each argument gets its
 * own type.
 */
record PayloadReader(PayloadMapper mapper, DeserializationContextExt context, JsonParser parser,
		TaskDefinition definition, JavaType[] types) {

	DecodedPayload read() {
		expect(this.parser.nextToken(), JsonToken.START_OBJECT);
		@Nullable Object[] args = null;
		Map<String, String> headers = Map.of();
		Duration timeout = null;
		int version = -1;
		while (this.parser.nextToken() == JsonToken.PROPERTY_NAME) {
			String property = this.parser.currentName();
			JsonToken value = this.parser.nextToken();
			switch (property) {
				case "v" -> version = this.parser.getValueAsInt(-1);
				case "args" -> args = readArgs(value);
				case "h" -> headers = readHeaders(value);
				case "to" -> timeout = readTimeout(value);
				default -> this.parser.skipChildren();
			}
		}
		if (version != JacksonTaskCodec.VERSION) {
			throw new TaskCodecException("Payload of task '" + this.definition.name() + "' has version " + version
					+ "; this version of async-task reads version " + JacksonTaskCodec.VERSION);
		}
		if (args == null) {
			throw new TaskCodecException("Payload of task '" + this.definition.name() + "' has no \"args\"");
		}
		return new DecodedPayload(args, headers, timeout);
	}

	/** A producer never writes a non-positive timeout; one would time out at once. */
	private @Nullable Duration readTimeout(JsonToken value) {
		if (value == JsonToken.VALUE_NULL) {
			return null;
		}
		long millis = this.parser.getLongValue();
		if (millis <= 0) {
			throw new TaskCodecException("Payload of task '" + this.definition.name() + "' has timeout \"to\": "
					+ millis + " ms; it must be positive");
		}
		return Duration.ofMillis(millis);
	}

	private @Nullable Object[] readArgs(JsonToken start) {
		expect(start, JsonToken.START_ARRAY);
		@Nullable Object[] args = new Object[this.types.length];
		int index = 0;
		while (this.parser.nextToken() != JsonToken.END_ARRAY) {
			if (index >= this.types.length) {
				throw new TaskCodecException("Payload of task '" + this.definition.name()
						+ "' has more arguments than the method's " + this.types.length + " parameters");
			}
			args[index] = readArg(index);
			index++;
		}
		if (index != this.types.length) {
			throw new TaskCodecException("Payload of task '" + this.definition.name() + "' has " + index
					+ " arguments but the method takes " + this.types.length);
		}
		return args;
	}

	private @Nullable Object readArg(int index) {
		try {
			// the first argument reads with the parser's own context; the others get one
			// each
			// so object ids stay per argument, as each was written by its own writer
			return (index == 0) ? this.mapper.readRoot(this.context, this.parser, this.types[index])
					: this.mapper.readRoot(this.parser, this.types[index]);
		}
		catch (JacksonException ex) {
			throw new TaskCodecException(
					"Argument " + index + " ('" + this.definition.method().getParameters()[index].getName()
							+ "') of task '" + this.definition.name() + "' cannot be read as "
							+ this.types[index].toCanonical() + propertyPath(ex) + ": " + ex.getOriginalMessage(),
					ex);
		}
	}

	/**
	 * Where inside the argument reading failed (" at quantity", " at items[2].sku"),
	 * because the original message leaves the path out.
	 */
	private static String propertyPath(JacksonException ex) {
		StringBuilder path = new StringBuilder();
		for (JacksonException.Reference reference : ex.getPath()) {
			if (reference.getPropertyName() != null) {
				path.append((path.length() > 0) ? "." : "").append(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return (path.length() > 0) ? " at " + path : "";
	}

	private Map<String, String> readHeaders(JsonToken start) {
		expect(start, JsonToken.START_OBJECT);
		Map<String, String> headers = new LinkedHashMap<>();
		while (this.parser.nextToken() == JsonToken.PROPERTY_NAME) {
			String name = this.parser.currentName();
			this.parser.nextToken();
			headers.put(name, this.parser.getValueAsString());
		}
		return headers;
	}

	private void expect(@Nullable JsonToken actual, JsonToken expected) {
		if (actual != expected) {
			throw new TaskCodecException("Payload of task '" + this.definition.name() + "' is malformed: expected "
					+ expected + " but found " + actual);
		}
	}

}
