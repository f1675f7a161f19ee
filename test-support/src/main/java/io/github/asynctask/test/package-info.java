/**
 * Real Redis for tests: a JUnit extension giving each test class its own server (a URL, a
 * container or a {@code redis-server} process), a local cluster, and a settable clock.
 */
@NullMarked
package io.github.asynctask.test;

import org.jspecify.annotations.NullMarked;
