/**
 * The script machinery: loads the Lua library and sources from {@code scripts/}, runs
 * them by SHA with their keys in {@code KEYS}, and reads their replies.
 */
@NullMarked
package io.github.asynctask.redis.script;

import org.jspecify.annotations.NullMarked;
