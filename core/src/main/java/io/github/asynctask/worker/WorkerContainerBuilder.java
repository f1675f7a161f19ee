package io.github.asynctask.worker;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.BackoffPolicy;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.aop.TaskBodyInvoker;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.wake.WakeSignals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Assembles a {@link WorkerContainer} from its collaborators; what the auto-configuration
 * calls. Optional parts default to: no interceptors, no listener, the polynomial backoff
 * and a generated instance id.
 */
public final class WorkerContainerBuilder {

	private static final Logger logger = LoggerFactory.getLogger(WorkerContainerBuilder.class);

	private final RedisBroker broker;

	private final WakeSignals wakeSignals;

	private final TaskRegistry registry;

	private final TaskCodec codec;

	private final TaskBodyInvoker bodyInvoker;

	private final WorkerSettings settings;

	private final List<TaskInterceptor> interceptors = new ArrayList<>();

	private TaskListener listener = TaskListener.NO_OP;

	private BackoffPolicy backoff = Backoffs.polynomial();

	private String instanceId = InstanceInfo.newInstanceId();

	private BodyThreads bodyThreads = BodyThreads.PLATFORM;

	private SuccessHook successHook = SuccessHook.NO_OP;

	private RedisReachability reachability = new RedisReachability("Redis");

	/**
	 * Start a builder.
	 * @param broker the broker
	 * @param wakeSignals a subscription owned by the container (it is closed on stop)
	 * @param registry the task definitions
	 * @param codec reads payloads back
	 * @param bodyInvoker calls bodies through the bean proxies
	 * @param settings what to run
	 */
	public WorkerContainerBuilder(RedisBroker broker, WakeSignals wakeSignals, TaskRegistry registry, TaskCodec codec,
			TaskBodyInvoker bodyInvoker, WorkerSettings settings) {
		this.broker = broker;
		this.wakeSignals = wakeSignals;
		this.registry = registry;
		this.codec = codec;
		this.bodyInvoker = bodyInvoker;
		this.settings = settings;
	}

	/** Interceptors wrapping every run, outermost first. */
	public WorkerContainerBuilder interceptors(List<? extends TaskInterceptor> interceptors) {
		this.interceptors.clear();
		this.interceptors.addAll(interceptors);
		return this;
	}

	/** Told about starts, completions, failures, retries and deaths. */
	public WorkerContainerBuilder listener(TaskListener listener) {
		this.listener = ShardQueueNames.of(listener);
		return this;
	}

	/** The wait before retries. */
	public WorkerContainerBuilder backoff(BackoffPolicy backoff) {
		this.backoff = backoff;
		return this;
	}

	/** The id this instance registers under; unique per container. */
	public WorkerContainerBuilder instanceId(String instanceId) {
		this.instanceId = instanceId;
		return this;
	}

	/**
	 * Whether each task body runs on a new virtual thread instead of the queue's pool of
	 * platform threads; the queue's concurrency still bounds how many run at once.
	 * @throws IllegalStateException on a JVM before Java 21, naming
	 * {@code async-task.worker.virtual-threads}
	 */
	public WorkerContainerBuilder virtualThreads(boolean virtualThreads) {
		if (virtualThreads && !VirtualThreads.supported()) {
			throw new IllegalStateException("async-task.worker.virtual-threads=true " + VirtualThreads.requirement());
		}
		this.bodyThreads = virtualThreads ? BodyThreads.VIRTUAL : BodyThreads.PLATFORM;
		return this;
	}

	/** Work to do before acking some successes (flows). */
	public WorkerContainerBuilder successHook(SuccessHook successHook) {
		this.successHook = successHook;
		return this;
	}

	/**
	 * Shared with the other parts that reach Redis on their own, so that a start-up
	 * without Redis says so once; it also names the Redis in the start-up log line.
	 */
	public WorkerContainerBuilder reachability(RedisReachability reachability) {
		this.reachability = reachability;
		return this;
	}

	public WorkerContainer build() {
		if (this.bodyThreads == BodyThreads.VIRTUAL) {
			logger.info("Task bodies of instance {} run on virtual threads (Java {}); queue concurrency still bounds "
					+ "how many run at once", this.instanceId, Runtime.version());
		}
		Watchdog watchdog = new Watchdog();
		PendingReports pending = new PendingReports();
		Invoker invoker = new Invoker(this.registry, this.codec, this.bodyInvoker, this.interceptors, watchdog);
		AckSender acks = new AckSender(this.broker, this.settings.retention().completed(), pending);
		Completion completion = new Completion(this.broker, this.backoff, this.listener,
				this.settings.retention().completed(), pending, acks,
				new UnknownTasks(this.broker, this.listener, this.settings.unknownTaskGrace(), this.instanceId),
				this.successHook, this.instanceId);
		return new WorkerContainer(this, invoker, completion, pending, acks, watchdog);
	}

	RedisBroker broker() {
		return this.broker;
	}

	WakeSignals wakeSignals() {
		return this.wakeSignals;
	}

	WorkerSettings settings() {
		return this.settings;
	}

	TaskListener listener() {
		return this.listener;
	}

	String instanceId() {
		return this.instanceId;
	}

	RedisReachability reachability() {
		return this.reachability;
	}

	BodyThreads bodyThreads() {
		return this.bodyThreads;
	}

}
