/**
 * Fault-injection suite: worker JVMs and {@code redis-server} processes are killed,
 * frozen and flooded while ledgers outside Redis count every task id.
 */
@NullMarked
package io.github.asynctask.reliability;

import org.jspecify.annotations.NullMarked;
