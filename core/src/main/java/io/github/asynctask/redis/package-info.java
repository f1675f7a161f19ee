/**
 * The only package that talks to Redis: the broker with one method per task transition,
 * the key layout, and the Lua scripts behind them.
 */
@NullMarked
package io.github.asynctask.redis;

import org.jspecify.annotations.NullMarked;
