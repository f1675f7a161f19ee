/**
 * The broker on Lua scripts: {@link io.github.asynctask.redis.lua.LuaRedisBroker} and the
 * helpers it calls one transition, read or enqueue batch through.
 */
@NullMarked
package io.github.asynctask.redis.lua;

import org.jspecify.annotations.NullMarked;
