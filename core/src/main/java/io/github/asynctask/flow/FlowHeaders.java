package io.github.asynctask.flow;

/**
 * The payload headers flows read, apart from the worker-side completion that reads them,
 * so that the submit side can write them without reaching the worker's classes.
 */
public final class FlowHeaders {

	/** The header carrying an awaited task's bizId to its worker. */
	public static final String BIZ_ID = "asynctask-flow-biz-id";

	private FlowHeaders() {
	}

}
