/**
 * Spring Boot auto-configuration for async-task: the {@code async-task.*} properties and
 * the beans built from them on top of the application's {@code RedisConnectionFactory}.
 */
@NullMarked
package io.github.asynctask.autoconfigure;

import org.jspecify.annotations.NullMarked;
