package io.github.asynctask;

/**
 * Redis could not be reached or refused the command (connection loss, {@code LOADING},
 * {@code OOM}, {@code READONLY}, {@code BUSY}, {@code CLUSTERDOWN}). The operation was
 * not applied, or its outcome is unknown when the connection broke mid-call.
 */
public class RedisUnavailableException extends AsyncTaskException {

	public RedisUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
