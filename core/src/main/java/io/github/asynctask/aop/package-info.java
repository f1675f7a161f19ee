/**
 * The proxy side: advisor and interceptor turning a call into a submit, and the
 * one-invocation bypass that lets a worker run the body.
 */
@NullMarked
package io.github.asynctask.aop;

import org.jspecify.annotations.NullMarked;
