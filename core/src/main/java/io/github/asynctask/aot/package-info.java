/**
 * Ahead-of-time processing for GraalVM native images: the runtime hints the engine needs
 * (its Lua scripts) and those of each application bean with task methods (reflection on
 * the methods, JSON binding of their argument and result types, JDK proxies).
 */
@NullMarked
package io.github.asynctask.aot;

import org.jspecify.annotations.NullMarked;
