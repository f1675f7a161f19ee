package io.github.asynctask.submit;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.asynctask.SubmitInterceptor;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.batch.BatchScope;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.Debounces;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.flow.FlowHeaders;
import io.github.asynctask.flow.FlowRules;
import io.github.asynctask.flow.PerCallAfter;
import io.github.asynctask.limit.ConcurrencyKeys;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;

/**
 * Builds the request one call of a task method enqueues: runs the submit interceptors,
 * evaluates the bizId and concurrency key, writes the payload and applies the call's
 * options and the flows' {@code after} rules. Apart from {@link TaskSubmitter} so that it
 * keeps to where a request goes (now, after the commit, or into a batch).
 */
final class SubmitRequests {

	private final TaskCodec codec;

	private final BizIdEvaluator bizIds;

	private final ConcurrencyKeys concurrencyKeys;

	private final Debounces debounces = new Debounces();

	private final List<SubmitInterceptor> interceptors;

	private final TaskIdGenerator ids;

	private final @Nullable FlowRules flows;

	private final @Nullable PerCallAfter perCallAfter;

	SubmitRequests(RedisBroker broker, TaskCodec codec, BizIdEvaluator bizIds, List<SubmitInterceptor> interceptors,
			TaskIdGenerator ids, @Nullable FlowRules flows) {
		this.flows = flows;
		this.perCallAfter = (flows != null) ? new PerCallAfter(broker, flows) : null;
		this.codec = codec;
		this.bizIds = bizIds;
		this.concurrencyKeys = new ConcurrencyKeys(bizIds);
		this.interceptors = List.copyOf(interceptors);
		this.ids = ids;
	}

	EnqueueRequest request(TaskDefinition definition, @Nullable Object[] args, TaskOptions options,
			Map<String, String> headers) {
		for (SubmitInterceptor interceptor : this.interceptors) {
			interceptor.beforeSubmit(definition, args, headers);
		}
		String bizId = (options.getBizId() != null) ? options.getBizId() : this.bizIds.evaluate(definition, args);
		if (bizId != null && this.flows != null && this.flows.isAwaited(definition.name())) {
			headers.put(FlowHeaders.BIZ_ID, bizId);
		}
		String batchChild = BatchScope.nextChild();
		if (batchChild != null) {
			headers.put(BatchScope.HEADER, batchChild);
		}
		String payload = this.codec.encode(definition, args, headers, options.getTimeout());
		String queue = (options.getQueue() != null) ? options.getQueue() : definition.queue();
		int maxRetries = (options.getMaxRetries() != null) ? options.getMaxRetries() : definition.maxRetries();
		EnqueueRequest request = EnqueueRequest.now(queue, this.ids.next(), definition.name(), payload, maxRetries);
		Duration delay = (options.getDelay() != null) ? options.getDelay() : definition.delay();
		if (options.getAt() != null) {
			request = request.withAt(options.getAt());
		}
		else if (delay != null && !delay.isZero()) {
			request = request.withDelay(delay);
		}
		if (bizId != null) {
			request = request.withBizId(bizId, definition.dedupTtl());
			Duration window = this.debounces.window(definition);
			if (window != null) {
				request = request.withDebounce(window);
			}
		}
		ConcurrencyKeys.Limit limit = this.concurrencyKeys.evaluate(definition, args);
		if (limit != null) {
			request = request.withConcurrencyKey(limit.key(), limit.max());
		}
		if (this.flows == null || this.perCallAfter == null) {
			if (!options.getAfter().isEmpty()) {
				throw new IllegalStateException("TaskOptions.after needs flows, which this submitter was built "
						+ "without; use the auto-configured AsyncTaskTemplate");
			}
			return request;
		}
		request = this.perCallAfter.apply(this.flows.apply(request), options.getAfter());
		this.perCallAfter.submitted(request.id(), request.queue());
		return request;
	}

}
