package io.github.asynctask.codec;

import java.time.Duration;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A payload read back for one task definition.
 *
 * @param args the arguments, each read as its declared parameter type
 * @param headers headers added at submit (trace context, tenant, ...)
 * @param timeout the attempt timeout chosen at submit, {@code null} for the definition's
 */
public record DecodedPayload(@Nullable Object[] args, Map<String, String> headers, @Nullable Duration timeout) {

}
