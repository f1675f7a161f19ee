package io.github.asynctask.codec;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.deser.DeserializationContextExt;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.json.JsonMapper;

/**
 * The codec's mapper, which lets a payload's parser and its first argument share one
 * deserialization context: {@code readValue(JsonParser, ...)} made a second one per
 * payload, which showed in heap profiles of the worker.
 */
final class PayloadMapper extends JsonMapper {

	private static final long serialVersionUID = 1L;

	PayloadMapper(JsonMapper.Builder builder) {
		super(builder);
	}

	/** A context for one payload's parser, bound to it by {@link #bind}. */
	DeserializationContextExt newContext() {
		return _deserializationContext();
	}

	/** Read one root value with the given context, as {@code readValue} would. */
	Object readRoot(DeserializationContextExt context, JsonParser parser, JavaType type) throws JacksonException {
		return _readValue(context, parser, type);
	}

	/**
	 * A fresh context bound to the parser (an argument after the first: object ids stay
	 * per argument).
	 */
	Object readRoot(JsonParser parser, JavaType type) throws JacksonException {
		return _readValue(_deserializationContext(parser), parser, type);
	}

	/**
	 * Whether a JSON string read as {@code type} is that string unchanged: the type is
	 * {@link String} and no module replaced Jackson's own deserializer for it.
	 */
	boolean readsStringAsIs(JavaType type) {
		return type.hasRawClass(String.class)
				&& _findRootDeserializer(_deserializationContext(), type).getClass() == StringDeserializer.class;
	}

}
