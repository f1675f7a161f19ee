/**
 * A plain harness that measures async-task and the libraries a Java user would pick
 * instead, side by side against one {@code redis-server}; each scenario prints one
 * {@code RESULT {json}} line per system.
 */
@NullMarked
package io.github.asynctask.benchmarks;

import org.jspecify.annotations.NullMarked;
