/**
 * Flow control: pools of worker threads shared by several queues (by weight or in strict
 * priority), and cluster-wide rate limits applied by the dequeue script.
 */
@NullMarked
package io.github.asynctask.limit;

import org.jspecify.annotations.NullMarked;
