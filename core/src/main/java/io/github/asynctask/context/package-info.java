/**
 * Context carried from the submitting thread into the task run through the task's
 * headers, over Micrometer's context-propagation library ({@code ContextRegistry},
 * {@code ThreadLocalAccessor}, {@code ContextSnapshot}): MDC entries, the locale, the
 * Spring Security user, and an application's own values through
 * {@link ContextValueCodec}. context-propagation is an optional dependency: nothing
 * outside this package refers to its types, and Spring Security's types are only touched
 * by {@link SecurityContextCodec}.
 */
@NullMarked
package io.github.asynctask.context;

import org.jspecify.annotations.NullMarked;
