/**
 * The worker runtime: per-queue fetchers and pools, the invoker, completion and backoff,
 * and the periodic agents (forwarder, heartbeat, recoverer, janitor) sharing one loop.
 */
@NullMarked
package io.github.asynctask.worker;

import org.jspecify.annotations.NullMarked;
