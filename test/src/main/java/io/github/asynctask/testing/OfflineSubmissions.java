package io.github.asynctask.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import org.jspecify.annotations.Nullable;

/**
 * What becomes of the tasks the submitter hands to the {@link OfflineBroker}: each is
 * read back by the codec as a worker would, recorded, and in inline mode run. The
 * submitter calls this at the submit, or after the commit for submits inside a
 * transaction.
 */
final class OfflineSubmissions {

	private final Supplier<TaskRegistry> registry;

	private final Supplier<TaskCodec> codec;

	private final AsyncTaskRecorder recorder;

	private final @Nullable InlineRunner runner;

	/**
	 * @param runner runs the bodies in inline mode; {@code null} to record only
	 */
	OfflineSubmissions(Supplier<TaskRegistry> registry, Supplier<TaskCodec> codec, AsyncTaskRecorder recorder,
			@Nullable InlineRunner runner) {
		this.registry = registry;
		this.codec = codec;
		this.recorder = recorder;
		this.runner = runner;
	}

	List<EnqueueResult> accept(List<EnqueueRequest> requests) {
		List<EnqueueResult> results = new ArrayList<>(requests.size());
		List<InlineRunner.Call> runs = new ArrayList<>(requests.size());
		for (EnqueueRequest request : requests) {
			TaskDefinition definition = this.registry.get()
				.find(request.name())
				.orElseThrow(() -> new AssertionError("Task '" + request.name() + "' was submitted but is not "
						+ "registered; a worker would kill it as dead"));
			// the codec is the ReadBackCheckingCodec: an argument a worker could not read
			// back
			// has failed the call already
			DecodedPayload payload = this.codec.get().decode(definition, request.payload());
			this.recorder.record(new RecordedTask(request.id(), request.name(), request.queue(),
					Collections.unmodifiableList(Arrays.asList(payload.args())), payload.headers(),
					request.maxRetries(), request.delay(), request.at(), request.bizId()));
			boolean later = request.delay() != null || request.at() != null;
			// Time does not pass in a test: a delayed task is recorded, not run.
			if (this.runner != null && !later) {
				runs.add(new InlineRunner.Call(definition, payload.args()));
			}
			results.add(new EnqueueResult(request.id(),
					later ? EnqueueResult.Outcome.SCHEDULED : EnqueueResult.Outcome.ENQUEUED));
		}
		if (this.runner != null) {
			this.runner.runAll(runs);
		}
		return results;
	}

}
