package io.github.asynctask.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a bean method (or every public method of a bean class) as a task: a call records
 * the task in Redis and returns at once; a worker of any instance runs the body later. On
 * a method, attributes override those of the class. {@code queue}, {@code timeout},
 * {@code delay}, {@code dedupTtl}, {@code cron}, {@code every} and {@code zone} resolve
 * {@code ${…}} placeholders, e.g. {@code timeout = "${mail.timeout:30s}"}.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AsyncTask {

	/** Stable task name stored in Redis; defaults to {@code SimpleClassName.method}. */
	String name() default "";

	/** Queue to submit to; defaults to {@code default}. */
	String queue() default "";

	/**
	 * Retries after the first attempt ({@code 0}: never retry); negative means the
	 * configured default.
	 */
	int maxRetries() default -1;

	/**
	 * Longest one attempt may run, e.g. {@code "30s"} or {@code "PT5M"}; empty means the
	 * configured default.
	 */
	String timeout() default "";

	/** Fixed delay before the first attempt, e.g. {@code "15m"}; empty means none. */
	String delay() default "";

	/**
	 * SpEL over the parameters ({@code #name}, {@code #p0}, {@code #a0}) giving the
	 * business id used for dedup.
	 */
	String bizId() default "";

	/** How long a bizId is remembered; empty means the configured default. */
	String dedupTtl() default "";

	/**
	 * Debounce the {@link #bizId()}: the last submit within this window wins (e.g.
	 * {@code "5s"}). A waiting task of the same name and bizId takes the new arguments
	 * and runs this long after the last submit; a running one finishes and the new call
	 * runs this long after it was made. Needs a {@code bizId}; empty means first-wins
	 * dedup as usual.
	 */
	String debounce() default "";

	/** Exception types that go straight to dead without a retry. */
	Class<? extends Throwable>[] noRetryFor() default {};

	/**
	 * Run the task periodically on this Spring {@code CronExpression} (six fields, e.g.
	 * {@code "0 0 2 * * *"}), exactly once per tick across all instances; empty means
	 * none. The method takes no parameters, or one {@link java.time.Instant}: the tick.
	 */
	String cron() default "";

	/**
	 * Run the task periodically at this fixed interval (e.g. {@code "5m"}, at least one
	 * second), ticks aligned to the epoch; empty means none. Exclusive with
	 * {@link #cron()}.
	 */
	String every() default "";

	/** Time zone of {@link #cron()}, e.g. {@code "Europe/Berlin"}; empty means UTC. */
	String zone() default "";

	/** What to do with ticks missed while no instance ran. */
	Misfire misfire() default Misfire.ONCE;

	/**
	 * Whether a tick runs while the previous tick's task has not finished yet;
	 * {@code false} skips such a tick (logged and counted).
	 */
	boolean overlap() default true;

	/**
	 * Names of tasks this one runs after: submitted first, it waits (state
	 * {@code WAITING}) until every named task of the same bizId has completed. Both sides
	 * need a {@link #bizId()}; empty means none.
	 */
	String[] after() default {};

	/**
	 * Longest a task with {@link #after()} waits, e.g. {@code "2h"}, before it goes dead;
	 * empty means {@code async-task.defaults.wait-timeout} (24h).
	 */
	String waitTimeout() default "";

	/**
	 * SpEL over the parameters (as {@link #bizId()}, e.g. {@code "#tenantId"}) giving the
	 * key whose running tasks {@link #maxConcurrency()} limits across every instance; a
	 * call whose key is {@code null} runs unkeyed. Empty means none.
	 */
	String concurrencyKey() default "";

	/**
	 * At most this many tasks of one {@link #concurrencyKey()} run at once, cluster-wide;
	 * other keys' tasks are not held up behind them. At least 1, and only with a
	 * concurrencyKey; 0 means none.
	 */
	int maxConcurrency() default 0;

	/**
	 * The version of the method's arguments, stored with each task: raise it when a
	 * change of the parameters needs stored tasks rewritten, and give a
	 * {@link io.github.asynctask.TaskUpcaster} bean for each step from the oldest version
	 * still stored. An instance that knows an older version hands a newer task back for
	 * one that knows it. On a method only; at least 1.
	 */
	int version() default 1;

}
