package io.github.asynctask;

/**
 * Middleware around every run of a task body on a worker (MDC, tenant or security
 * context, custom timing). Beans of this type wrap each run in their order; each must
 * call {@link Chain#proceed()} exactly once to run the rest of the chain and the body.
 */
@FunctionalInterface
public interface TaskInterceptor {

	/**
	 * Wrap one run.
	 * @param execution the task being run
	 * @param chain the rest of the chain, ending in the task body
	 * @throws Throwable what the chain threw; it counts as the attempt's failure
	 */
	void around(TaskExecution execution, Chain chain) throws Throwable;

	/** The rest of the interceptor chain, ending in the task body. */
	@FunctionalInterface
	interface Chain {

		/** Run the next interceptor, or the body after the last one. */
		void proceed() throws Throwable;

	}

}
