package io.github.asynctask.codec;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskDefinitionCheck;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.deser.DeserializationContextExt;
import tools.jackson.databind.json.JsonMapper;

/**
 * The payload codec: {@code {"v":1,"args":[...],"h":{...},"to":ms}}. Arguments are
 * written by their declared parameter types and read back by the same generic types with
 * a mapper derived from the application's (modules, naming) but with default typing off,
 * no class-name based polymorphism, no type that loads classes ({@link ForbiddenTypes}),
 * and tightened read limits.
 */
public final class JacksonTaskCodec implements TaskCodec, TaskDefinitionCheck {

	/** Default limit of a payload, in bytes (1 MB). */
	public static final int DEFAULT_MAX_PAYLOAD_BYTES = 1024 * 1024;

	static final int VERSION = 1;

	static final int MAX_NESTING_DEPTH = 100;

	private final PayloadMapper mapper;

	private final JsonFactory streamFactory;

	private final int maxPayloadBytes;

	private final int maxPlainLength;

	private final TypeChecker typeChecker;

	private final Map<String, JavaType[]> types = new ConcurrentHashMap<>();

	/** Per task: whether every parameter is a String Jackson reads as is. */
	private final Map<String, Boolean> plainStrings = new ConcurrentHashMap<>();

	/**
	 * One writer per parameter, built once per task: building a writer per call showed in
	 * profiles.
	 */
	private final Map<String, ObjectWriter[]> writers = new ConcurrentHashMap<>();

	/**
	 * Create a codec.
	 * @param applicationMapper the application's mapper, whose modules and settings are
	 * kept
	 * @param maxPayloadBytes the largest payload accepted at submit and at read
	 */
	public JacksonTaskCodec(JsonMapper applicationMapper, int maxPayloadBytes) {
		if (maxPayloadBytes <= 0) {
			throw new IllegalArgumentException(
					"async-task.max-payload-size must be positive but was " + maxPayloadBytes);
		}
		this.mapper = new PayloadMapper(applicationMapper.rebuild()
			.deactivateDefaultTyping()
			.polymorphicTypeValidator(NoClassNamesValidator.INSTANCE)
			// Class, ClassLoader, reflection...: reading them would load what Redis names
			.addModule(new ForbiddenTypes())
			// arguments are read one by one from inside the payload object
			.disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
			// the body must see the offset the caller passed, not the same instant in UTC
			.disable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE));
		// pool threads read payloads and submitting threads write them all day: a buffer
		// recycler per thread is cheaper than the shared pool's concurrent deque, which
		// showed in profiles of both
		this.streamFactory = ((JsonFactory) this.mapper.tokenStreamFactory()).rebuild()
			.recyclerPool(JsonRecyclerPools.threadLocalPool())
			.streamReadConstraints(StreamReadConstraints.builder()
				.maxNestingDepth(MAX_NESTING_DEPTH)
				.maxDocumentLength(maxPayloadBytes)
				.build())
			.build();
		this.maxPayloadBytes = maxPayloadBytes;
		// a longer string is Jackson's to refuse
		this.maxPlainLength = this.streamFactory.streamReadConstraints().getMaxStringLength();
		this.typeChecker = new TypeChecker(this.mapper);
	}

	@Override
	public String encode(TaskDefinition definition, @Nullable Object[] args, Map<String, String> headers,
			@Nullable Duration timeout) {
		JavaType[] types = types(definition);
		int count = (args != null) ? args.length : 0;
		if (count != types.length) {
			throw new TaskCodecException("Task '" + definition.name() + "' takes " + types.length
					+ " arguments but the call passed " + count);
		}
		ObjectWriter[] writers = writers(definition);
		StringWriter out = new StringWriter(128);
		// arguments are written by their own ObjectWriter, so the envelope's generator
		// needs no write context of the mapper
		try (JsonGenerator generator = this.streamFactory.createGenerator(ObjectWriteContext.empty(), out)) {
			generator.writeStartObject();
			generator.writeNumberProperty("v", VERSION);
			// the task's own version, right after "v" where the fetch path peeks at it
			// (io.github.asynctask.version.StoredVersion); version 1 is left out
			if (definition.version() != 1) {
				generator.writeNumberProperty("tv", definition.version());
			}
			generator.writeName("args");
			generator.writeStartArray();
			// each argument straight into the payload's generator, by its declared type:
			// no generator, buffer and string of its own
			for (int i = 0; i < count; i++) {
				writeArgument(generator, definition, writers[i], types[i], i, args[i]);
			}
			generator.writeEndArray();
			if (!headers.isEmpty()) {
				generator.writeName("h");
				generator.writeStartObject();
				for (Map.Entry<String, String> header : headers.entrySet()) {
					generator.writeStringProperty(header.getKey(), header.getValue());
				}
				generator.writeEndObject();
			}
			if (timeout != null) {
				generator.writeNumberProperty("to", timeout.toMillis());
			}
			generator.writeEndObject();
		}
		String payload = out.toString();
		// a char is at most 3 UTF-8 bytes: only a payload near the limit is measured
		int bytes = (payload.length() * 3L <= this.maxPayloadBytes) ? payload.length()
				: payload.getBytes(StandardCharsets.UTF_8).length;
		if (bytes > this.maxPayloadBytes) {
			throw new TaskCodecException("Payload of task '" + definition.name() + "' is " + bytes
					+ " bytes, over the limit of " + this.maxPayloadBytes
					+ " bytes (async-task.max-payload-size); pass an id and load large data in the task body");
		}
		return payload;
	}

	private void writeArgument(JsonGenerator generator, TaskDefinition definition, ObjectWriter writer, JavaType type,
			int index, @Nullable Object value) {
		try {
			writer.writeValue(generator, value);
		}
		catch (JacksonException ex) {
			throw new TaskCodecException("Argument " + index + " ('"
					+ definition.method().getParameters()[index].getName() + "', " + type.toCanonical() + ") of task '"
					+ definition.name() + "' cannot be written as JSON: " + ex.getOriginalMessage(), ex);
		}
	}

	@Override
	public DecodedPayload decode(TaskDefinition definition, String payload) {
		if (payload.length() > this.maxPayloadBytes) {
			throw new TaskCodecException("Payload of task '" + definition.name() + "' has " + payload.length()
					+ " characters, over the limit of " + this.maxPayloadBytes + " bytes");
		}
		JavaType[] types = types(definition);
		if (plainStrings(definition) && payload.length() <= this.maxPlainLength) {
			@Nullable Object[] args = PlainStringArgs.read(payload, types.length);
			if (args != null) {
				return new DecodedPayload(args, Map.of(), null);
			}
		}
		// one context for the parser and the first argument, as readValue(String) shares
		// it
		DeserializationContextExt context = this.mapper.newContext();
		try (JsonParser parser = context.assignAndReturnParser(this.streamFactory.createParser(context, payload))) {
			return new PayloadReader(this.mapper, context, parser, definition, types).read();
		}
		catch (JacksonException ex) {
			throw new TaskCodecException(
					"Payload of task '" + definition.name() + "' cannot be read: " + ex.getOriginalMessage(), ex);
		}
	}

	@Override
	public List<String> problems(TaskDefinition definition) {
		List<String> problems = this.typeChecker.problems(definition, types(definition));
		if (definition.method().getReturnType() == java.util.concurrent.CompletableFuture.class) {
			problems = new java.util.ArrayList<>(problems);
			problems.addAll(this.typeChecker.resultProblems(definition,
					this.mapper.constructType(definition.method().getGenericReturnType()).containedTypeOrUnknown(0)));
		}
		return problems;
	}

	private JavaType[] types(TaskDefinition definition) {
		// looked up first: the mapping function captures the definition, a lambda per
		// call
		JavaType[] known = this.types.get(definition.name());
		if (known != null) {
			return known;
		}
		return this.types.computeIfAbsent(definition.name(), (
				name) -> definition.parameterTypes().stream().map(this.mapper::constructType).toArray(JavaType[]::new));
	}

	private boolean plainStrings(TaskDefinition definition) {
		Boolean known = this.plainStrings.get(definition.name());
		if (known != null) {
			return known;
		}
		return this.plainStrings.computeIfAbsent(definition.name(),
				(name) -> Arrays.stream(types(definition)).allMatch(this.mapper::readsStringAsIs));
	}

	private ObjectWriter[] writers(TaskDefinition definition) {
		return this.writers.computeIfAbsent(definition.name(),
				(name) -> Arrays.stream(types(definition)).map(this.mapper::writerFor).toArray(ObjectWriter[]::new));
	}

}
