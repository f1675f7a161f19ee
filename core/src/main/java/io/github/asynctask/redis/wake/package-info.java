/**
 * Wake-ups: the signals that tell idle fetchers new work is ready, the listener behind
 * them and the blocking connections they wait on.
 */
@NullMarked
package io.github.asynctask.redis.wake;

import org.jspecify.annotations.NullMarked;
