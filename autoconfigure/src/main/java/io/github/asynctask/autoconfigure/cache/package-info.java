/**
 * Leaves the application's cache provider as Spring Boot chose it before async-task
 * brought a Redis connection factory.
 */
@NullMarked
package io.github.asynctask.autoconfigure.cache;

import org.jspecify.annotations.NullMarked;
