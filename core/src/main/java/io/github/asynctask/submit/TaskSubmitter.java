package io.github.asynctask.submit;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.github.asynctask.SubmitInterceptor;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.batch.BatchScope;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.flow.FlowRules;
import io.github.asynctask.flow.ResultWriter;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisReachability;
import org.jspecify.annotations.Nullable;

/**
 * Turns one call of a task method into a task: runs the submit interceptors, writes the
 * payload (refusing it at the call site when it cannot be written or is too large), then
 * records it in Redis at once, or after the commit of the surrounding transaction. Task
 * ids are 14 characters, made with an instance number this submitter claims in Redis
 * (26-character ULIDs while it holds none); {@link #close()} stops renewing the claim.
 */
public final class TaskSubmitter implements AutoCloseable {

	private final RedisBroker broker;

	private final SubmitRequests requests;

	private final SubmitResults results;

	private final FullQueues fullQueues;

	private final AfterCommitSubmissions afterCommit;

	private final TaskIdGenerator ids;

	/** Set once at start-up when results are on; read by callers after. */
	private volatile @Nullable ResultWaiting resultWaiters;

	private volatile @Nullable ResultWriter resultTypes;

	private final SubmitObserver observer;

	/**
	 * Create a submitter.
	 * @param broker the broker
	 * @param codec writes the payload
	 * @param bizIds evaluates bizId expressions
	 * @param interceptors run in this order at every submit
	 * @param listener told about submitted and deduplicated tasks
	 * @param resendBuffer takes after-commit batches Redis could not take
	 * @param clock the time source of task ids (System.nanoTime times the claim of their
	 * instance number)
	 */
	public TaskSubmitter(RedisBroker broker, TaskCodec codec, BizIdEvaluator bizIds,
			List<SubmitInterceptor> interceptors, TaskListener listener, ResendBuffer resendBuffer, Clock clock) {
		this(broker, codec, bizIds, interceptors, listener, resendBuffer, clock, SubmitObserver.NONE);
	}

	/**
	 * Create a submitter whose submits are observed.
	 * @param broker the broker
	 * @param codec writes the payload
	 * @param bizIds evaluates bizId expressions
	 * @param interceptors run in this order at every submit
	 * @param listener told about submitted and deduplicated tasks
	 * @param resendBuffer takes after-commit batches Redis could not take
	 * @param clock the time source of task ids
	 * @param observer wraps every submit (an observation)
	 */
	public TaskSubmitter(RedisBroker broker, TaskCodec codec, BizIdEvaluator bizIds,
			List<SubmitInterceptor> interceptors, TaskListener listener, ResendBuffer resendBuffer, Clock clock,
			SubmitObserver observer) {
		this(broker, codec, bizIds, interceptors, listener, resendBuffer, clock, observer, null);
	}

	/**
	 * Create a submitter whose submits are observed and that applies the {@code after}
	 * rules of flows.
	 * @param observer wraps every submit (an observation)
	 * @param flows the rules, {@code null} for none
	 */
	public TaskSubmitter(RedisBroker broker, TaskCodec codec, BizIdEvaluator bizIds,
			List<SubmitInterceptor> interceptors, TaskListener listener, ResendBuffer resendBuffer, Clock clock,
			SubmitObserver observer, @Nullable FlowRules flows) {
		this(broker, codec, bizIds, interceptors, listener, resendBuffer, clock, observer, flows, null);
	}

	/**
	 * Create a submitter whose submits are observed, that applies the {@code after} rules
	 * of flows, and whose submits inside a transaction of the outbox's database also go
	 * to the outbox in that transaction (crash-safe submits).
	 * @param observer wraps every submit (an observation)
	 * @param flows the rules, {@code null} for none
	 * @param outbox the outbox, {@code null} for none
	 */
	public TaskSubmitter(RedisBroker broker, TaskCodec codec, BizIdEvaluator bizIds,
			List<SubmitInterceptor> interceptors, TaskListener listener, ResendBuffer resendBuffer, Clock clock,
			SubmitObserver observer, @Nullable FlowRules flows, @Nullable SubmitOutbox outbox) {
		this(broker, codec, bizIds, interceptors, listener, resendBuffer, clock, observer, flows, outbox,
				new RedisReachability("Redis"));
	}

	/**
	 * Create a submitter as above whose claims of an instance number for task ids share
	 * the one WARN of a start-up without Redis with the workers.
	 * @param reachability whether Redis answered since start-up
	 */
	public TaskSubmitter(RedisBroker broker, TaskCodec codec, BizIdEvaluator bizIds,
			List<SubmitInterceptor> interceptors, TaskListener listener, ResendBuffer resendBuffer, Clock clock,
			SubmitObserver observer, @Nullable FlowRules flows, @Nullable SubmitOutbox outbox,
			RedisReachability reachability) {
		this.observer = observer;
		this.broker = broker;
		this.results = new SubmitResults(listener, broker);
		this.fullQueues = new FullQueues(listener);
		SubmitFates fates = new ResultFates(() -> this.resultWaiters);
		resendBuffer.tell(fates);
		this.afterCommit = new AfterCommitSubmissions(broker, this.results, resendBuffer, outbox, fates,
				this.fullQueues);
		this.ids = TaskIdGenerator.of(broker, clock, reachability);
		this.ids.start();
		this.requests = new SubmitRequests(broker, codec, bizIds, interceptors, this.ids, flows);
	}

	/**
	 * Stop renewing the instance number of task ids (its lease runs out in Redis); later
	 * submits still work.
	 */
	@Override
	public void close() {
		this.ids.close();
	}

	/**
	 * Submit one call.
	 * @param definition the task
	 * @param args the call's arguments
	 * @param options per-call options
	 * @return what happened; {@link TaskReceipt.Status#DEFERRED_UNTIL_COMMIT} inside a
	 * transaction
	 * @throws io.github.asynctask.codec.TaskCodecException when an argument cannot be
	 * written or the payload is too large
	 * @throws io.github.asynctask.RedisUnavailableException outside a transaction when
	 * Redis cannot be reached
	 */
	public TaskReceipt submit(TaskDefinition definition, @Nullable Object[] args, TaskOptions options) {
		String queue = (options.getQueue() != null) ? options.getQueue() : definition.queue();
		Map<String, String> headers = new LinkedHashMap<>();
		return this.observer.observe(definition.name(), queue, headers,
				() -> submit(definition, args, options, headers));
	}

	private TaskReceipt submit(TaskDefinition definition, @Nullable Object[] args, TaskOptions options,
			Map<String, String> headers) {
		EnqueueRequest request = this.requests.request(definition, args, options, headers);
		if (AfterCommitSubmissions.isTransactionActive()) {
			this.afterCommit.add(request);
			return new TaskReceipt(request.id(), TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
		}
		EnqueueResult result = this.fullQueues.admit(request, this.broker::enqueue);
		TaskReceipt receipt = this.results.record(request, result);
		BatchScope.recorded(receipt);
		return receipt;
	}

	/**
	 * The request a call would enqueue, without enqueuing it (a batch's callbacks, stored
	 * with the batch until it owes them).
	 */
	public EnqueueRequest prepare(TaskDefinition definition, @Nullable Object[] args, TaskOptions options) {
		return this.requests.request(definition, args, options, new LinkedHashMap<>());
	}

	/**
	 * The queues' backlog limits: what a submit to a full queue does (reject or wait);
	 * the broker checks them.
	 */
	public void backlogLimits(BacklogLimits limits) {
		this.fullQueues.limits(limits);
	}

	/**
	 * Let calls of methods returning {@code CompletableFuture<T>} wait for their results.
	 */
	public void results(ResultWaiting waiters, ResultWriter types) {
		this.resultWaiters = waiters;
		this.resultTypes = types;
	}

	/**
	 * The future of a task method's call: completes with the task's result, or
	 * exceptionally with {@link io.github.asynctask.TaskFailedException} when it goes
	 * dead.
	 */
	public CompletableFuture<?> resultOf(TaskDefinition definition, TaskReceipt receipt) {
		ResultWaiting waiters = this.resultWaiters;
		ResultWriter types = this.resultTypes;
		if (waiters == null || types == null) {
			throw new IllegalStateException("Task " + definition.describe() + " returns a CompletableFuture, but "
					+ "this submitter was built without results; use the auto-configured one");
		}
		// a receipt DUPLICATE names the task holding the bizId: the future follows it
		return waiters.register(definition.queue(), receipt.taskId(), definition.name(),
				types.resultType(definition.method()), receipt.status() != TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
	}

	/** The result waiters, {@code null} when results are off. */
	public @Nullable ResultWaiting resultWaiters() {
		return this.resultWaiters;
	}

}
