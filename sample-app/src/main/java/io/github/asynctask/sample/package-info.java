/**
 * A small shop showing async-task: orders saved with JDBC in a transaction, a receipt
 * sent after the commit, unpaid orders closed after a delay, a flaky task that retries
 * and a doomed one that ends dead.
 */
@NullMarked
package io.github.asynctask.sample;

import org.jspecify.annotations.NullMarked;
