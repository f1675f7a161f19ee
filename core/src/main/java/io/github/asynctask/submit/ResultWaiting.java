package io.github.asynctask.submit;

import java.util.concurrent.CompletableFuture;

import tools.jackson.databind.JavaType;

/**
 * What the submit side needs of task results: futures for the calls of methods returning
 * {@code CompletableFuture<T>}, and word of what became of tasks sent at a commit. The
 * flows' result waiters implement it, so that submitting never reaches the worker side.
 */
public interface ResultWaiting {

	/**
	 * A future completing with the result of task {@code id} of {@code queue}, read as
	 * {@code type}, or exceptionally when it goes dead or cannot come.
	 * @param name the task's name, for messages
	 * @param sent whether the task is in Redis already (else the commit sends it, and
	 * {@link #sent}, {@link #duplicate} or {@link #dropped} says what became of it)
	 */
	<T> CompletableFuture<T> register(String queue, String id, String name, JavaType type, boolean sent);

	/**
	 * A future for the result of task {@code id}, in the first of {@code queues} that
	 * knows it; failed at once when none does.
	 */
	<T> CompletableFuture<T> lookUp(String id, Iterable<String> queues, JavaType type);

	/** Task {@code id}, submitted at a commit, reached Redis. */
	void sent(String id);

	/**
	 * Task {@code id} was not created at its commit: task {@code holder} holds its bizId.
	 */
	void duplicate(String id, String holder);

	/** Task {@code id} will never reach Redis: its futures fail with {@code reason}. */
	void dropped(String id, String reason);

	/** The type a result is read as. */
	JavaType type(Class<?> type);

	/** How many futures wait. */
	int size();

}
