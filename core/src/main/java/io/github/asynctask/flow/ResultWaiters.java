package io.github.asynctask.flow;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.github.asynctask.ResultUnavailableException;
import io.github.asynctask.TaskCancelledException;
import io.github.asynctask.TaskFailedException;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.submit.ResultWaiting;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * The futures of this instance waiting for task results, any number per task, at most
 * {@code async-task.results.max-waiting} in all. One subscription per instance (opened at
 * the first future) says which result was stored; one thread reads those in batches, and
 * every poll interval reads all still waiting, so a lost message, or a death (which is
 * not announced), costs at most one interval. Every future ends: with the value, with
 * {@link TaskFailedException} when its task goes dead ({@link TaskCancelledException}
 * when it was cancelled), or with {@link ResultUnavailableException} when its task never
 * reaches Redis (a rollback, {@code async-task.results.submit-timeout}) or is gone from
 * it (deleted).
 */
public final class ResultWaiters implements ResultWaiting, DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(ResultWaiters.class);

	private final RedisConnectionFactory connectionFactory;

	private final FlowStore store;

	private final ResultReads reads;

	private final JsonMapper mapper;

	private final Duration pollInterval;

	private final Duration submitTimeout;

	private final WaiterTable waiting;

	/** Ids announced stored, read by the reader thread. */
	private final BlockingQueue<String> announced = new LinkedBlockingQueue<>();

	/** Guarded by this. */
	private @Nullable RedisMessageListenerContainer container;

	/** Guarded by this. */
	private @Nullable Thread reader;

	/** Waiters on unsharded queues, at most 100,000, failing when unsent for an hour. */
	public ResultWaiters(RedisConnectionFactory connectionFactory, FlowStore store, JsonMapper mapper,
			Duration pollInterval) {
		this(connectionFactory, store, List::of, mapper, pollInterval, 100_000, Duration.ofHours(1));
	}

	/**
	 * @param shards the Redis-side names of every shard of a queue
	 * @param maxWaiting the most futures waiting at once; one more fails at once
	 * @param submitTimeout how long a future waits for its task to reach Redis
	 */
	public ResultWaiters(RedisConnectionFactory connectionFactory, FlowStore store,
			Function<String, List<String>> shards, JsonMapper mapper, Duration pollInterval, int maxWaiting,
			Duration submitTimeout) {
		this.connectionFactory = connectionFactory;
		this.store = store;
		this.reads = new ResultReads(store, shards);
		this.mapper = mapper;
		this.pollInterval = pollInterval;
		this.submitTimeout = submitTimeout;
		this.waiting = new WaiterTable(maxWaiting);
	}

	/**
	 * A future completing with the result of task {@code id} of {@code queue}, read as
	 * {@code type}, or exceptionally when it goes dead or cannot come.
	 * @param name the task's name, for messages
	 * @param sent whether the task is in Redis already (else the commit sends it, and
	 * {@link #sent}, {@link #duplicate} or {@link #dropped} says what became of it)
	 */
	@Override
	public <T> CompletableFuture<T> register(String queue, String id, String name, JavaType type, boolean sent) {
		return register(queue, id, name, type, sent, null);
	}

	private <T> CompletableFuture<T> register(String queue, String id, String name, JavaType type, boolean sent,
			@Nullable String shard) {
		CompletableFuture<Object> future = new CompletableFuture<>();
		Waiter waiter = new Waiter(queue, id, name, type, future, System.nanoTime(), shard, sent);
		if (!this.waiting.add(waiter)) {
			future.completeExceptionally(new ResultUnavailableException(id, name,
					"more than " + this.waiting.max() + " result futures wait on this instance "
							+ "(async-task.results.max-waiting); the task itself is not affected: read its result "
							+ "later with AsyncTaskTemplate.result"));
		}
		else {
			future.whenComplete((value, error) -> this.waiting.remove(waiter));
			start();
			this.announced.add(id);
		}
		@SuppressWarnings("unchecked")
		CompletableFuture<T> typed = (CompletableFuture<T>) (CompletableFuture<?>) future;
		return typed;
	}

	/**
	 * A future for the result of task {@code id}, in the first of {@code queues} that
	 * knows it (a task, a result or a dead entry, in any shard); failed at once when none
	 * does.
	 */
	@Override
	public <T> CompletableFuture<T> lookUp(String id, Iterable<String> queues, JavaType type) {
		for (String queue : queues) {
			String shard = this.reads.locate(queue, id);
			if (shard != null) {
				return register(queue, id, "", type, true, shard);
			}
		}
		return CompletableFuture.failedFuture(new TaskFailedException(id, "",
				"no task and no result with this id in any queue (the result expired after "
						+ "async-task.retention.results, the task kept none, or it was never submitted)"));
	}

	/** Task {@code id}, submitted at a commit, reached Redis. */
	@Override
	public void sent(String id) {
		this.waiting.of(id).forEach(Waiter::markSent);
	}

	/**
	 * Task {@code id} was not created at its commit: task {@code holder} holds its bizId.
	 * Its futures follow the holder's result, as the future of a call found a duplicate
	 * at once does.
	 */
	@Override
	public void duplicate(String id, String holder) {
		for (Waiter waiter : this.waiting.of(id)) {
			Waiter following = waiter.following(holder);
			this.waiting.replace(waiter, following);
			following.future().whenComplete((value, error) -> this.waiting.remove(following));
			this.announced.add(holder);
		}
	}

	/** Task {@code id} will never reach Redis: its futures fail with {@code reason}. */
	@Override
	public void dropped(String id, String reason) {
		for (Waiter waiter : this.waiting.of(id)) {
			waiter.future().completeExceptionally(new ResultUnavailableException(id, waiter.name(), reason));
		}
	}

	/** The type a result is read as. */
	@Override
	public JavaType type(Class<?> type) {
		return this.mapper.constructType(type);
	}

	/** How many futures wait. */
	@Override
	public int size() {
		return this.waiting.size();
	}

	private synchronized void start() {
		if (this.reader != null) {
			return;
		}
		RedisMessageListenerContainer created = new RedisMessageListenerContainer();
		created.setConnectionFactory(this.connectionFactory);
		created.setBeanName("asynctask-results");
		created.setRecoveryInterval(1000);
		created.setTaskExecutor(Runnable::run);
		created.addMessageListener((message, pattern) -> {
			// "<shard>\n<id>": the shard that holds the task and its result
			String[] parts = new String(message.getBody(), StandardCharsets.UTF_8).split(FlowStore.SEPARATOR, 2);
			if (parts.length == 2 && this.waiting.contains(parts[1])) {
				this.waiting.of(parts[1]).forEach((waiter) -> waiter.pin(parts[0]));
				this.announced.add(parts[1]);
			}
		}, new ChannelTopic(this.store.resultsChannel()));
		created.afterPropertiesSet();
		created.start();
		this.container = created;
		Thread thread = new Thread(this::loop, "asynctask-results");
		thread.setDaemon(true);
		this.reader = thread;
		thread.start();
	}

	private void loop() {
		long nextPoll = System.nanoTime() + this.pollInterval.toNanos();
		while (!Thread.currentThread().isInterrupted()) {
			try {
				String first = this.announced.poll(Math.max(0, nextPoll - System.nanoTime()), TimeUnit.NANOSECONDS);
				Set<String> ids = new HashSet<>();
				if (first != null) {
					ids.add(first);
					this.announced.drainTo(ids, ResultReads.BATCH * 4);
				}
				// every waiter once per interval, however busy the announcements keep us
				if (System.nanoTime() - nextPoll >= 0) {
					ids.addAll(this.waiting.ids());
					nextPoll = System.nanoTime() + this.pollInterval.toNanos();
				}
				read(ids);
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				logger.warn("Reading task results failed: {}; retrying in {}", ex.toString(), this.pollInterval);
			}
		}
	}

	private void read(Set<String> ids) {
		List<Waiter> waiters = new ArrayList<>();
		ids.forEach((id) -> waiters.addAll(this.waiting.of(id)));
		// whether each task was known sent before the read: a commit confirmed during it
		// must not turn "not sent yet" into "gone"
		Map<Waiter, Boolean> sentBefore = new IdentityHashMap<>();
		waiters.forEach((waiter) -> sentBefore.put(waiter, waiter.sent()));
		this.reads.read(waiters).forEach((waiter, state) -> settle(waiter, state, sentBefore.get(waiter)));
	}

	private void settle(Waiter waiter, FlowStore.ResultState state, boolean sentBefore) {
		CompletableFuture<Object> future = waiter.future();
		switch (state.status()) {
			case 'r' -> {
				try {
					future.complete(this.mapper.readValue(state.a(), waiter.type()));
				}
				catch (RuntimeException ex) {
					future.completeExceptionally(new IllegalStateException("The result of task " + waiter.id()
							+ " cannot be read as " + waiter.type() + ": " + ex.getMessage(), ex));
				}
			}
			case 'd' -> future.completeExceptionally(TaskCancelledException.of(waiter.id(), state.a(), state.b()));
			case 'x' -> {
				if (sentBefore) {
					future.completeExceptionally(new ResultUnavailableException(waiter.id(), waiter.name(),
							"neither the task nor its result is in Redis: the task was deleted, its dead entry "
									+ "outlived async-task.retention.dead, or its result outlived "
									+ "async-task.retention.results"));
				}
				else if (System.nanoTime() - waiter.since() > this.submitTimeout.toNanos()) {
					future.completeExceptionally(new ResultUnavailableException(waiter.id(), waiter.name(),
							"the task did not reach Redis within async-task.results.submit-timeout ("
									+ this.submitTimeout + "): its transaction is still open, or Redis did not take "
									+ "it at the commit (the re-send buffer or the outbox holds it, or dropped it); "
									+ "it may still run: read its result later with AsyncTaskTemplate.result"));
				}
			}
			default -> waiter.markSent();
		}
	}

	@Override
	public synchronized void destroy() {
		if (this.reader != null) {
			this.reader.interrupt();
			this.reader = null;
		}
		if (this.container != null) {
			try {
				this.container.stop();
				this.container.destroy();
			}
			catch (Exception ex) {
				logger.debug("Closing the results subscription failed", ex);
			}
			this.container = null;
		}
	}

}
