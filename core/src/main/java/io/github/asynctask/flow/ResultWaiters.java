package io.github.asynctask.flow;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.TaskFailedException;
import io.github.asynctask.redis.FlowStore;
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
 * The futures of this instance waiting for task results. One subscription per instance
 * (opened at the first future) says which result was stored; one thread reads those in
 * batches, and every poll interval reads all still waiting, so a lost message costs at
 * most one interval. No loop per future.
 */
public final class ResultWaiters implements DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(ResultWaiters.class);

	private static final int BATCH = 500;

	private final RedisConnectionFactory connectionFactory;

	private final FlowStore store;

	private final JsonMapper mapper;

	private final Duration pollInterval;

	/** Task id -> its waiter; written by callers and the reader thread. */
	private final Map<String, Waiter> waiting = new ConcurrentHashMap<>();

	/** Ids announced stored, read by the reader thread. */
	private final BlockingQueue<String> announced = new LinkedBlockingQueue<>();

	/** Guarded by this. */
	private @Nullable RedisMessageListenerContainer container;

	/** Guarded by this. */
	private @Nullable Thread reader;

	public ResultWaiters(RedisConnectionFactory connectionFactory, FlowStore store, JsonMapper mapper,
			Duration pollInterval) {
		this.connectionFactory = connectionFactory;
		this.store = store;
		this.mapper = mapper;
		this.pollInterval = pollInterval;
	}

	/**
	 * A future completing with the result of task {@code id} of {@code queue}, read as
	 * {@code type}, or exceptionally with {@link TaskFailedException} when it goes dead.
	 * @param failIfUnknown whether a task with no data and no result fails the future (a
	 * lookup of a finished task) rather than wait (a task not committed yet)
	 */
	public <T> CompletableFuture<T> register(String queue, String id, JavaType type, boolean failIfUnknown) {
		CompletableFuture<Object> future = new CompletableFuture<>();
		Waiter waiter = new Waiter(queue, id, type, failIfUnknown, future);
		this.waiting.put(id, waiter);
		future.whenComplete((value, error) -> this.waiting.remove(id, waiter));
		start();
		this.announced.add(id);
		@SuppressWarnings("unchecked")
		CompletableFuture<T> typed = (CompletableFuture<T>) (CompletableFuture<?>) future;
		return typed;
	}

	/**
	 * A future for the result of task {@code id}, in the first of {@code queues} that
	 * knows it (a task, a result or a dead entry); failed at once when none does.
	 */
	public <T> CompletableFuture<T> lookUp(String id, Iterable<String> queues, JavaType type) {
		for (String queue : queues) {
			if (this.store.results(queue, List.of(id)).get(0).status() != 'x') {
				return register(queue, id, type, true);
			}
		}
		return CompletableFuture.failedFuture(new TaskFailedException(id, "",
				"no task and no result with this id in any queue (the result expired after "
						+ "async-task.retention.results, the task kept none, or it was never submitted)"));
	}

	/** The type a result is read as. */
	public JavaType type(Class<?> type) {
		return this.mapper.constructType(type);
	}

	/** How many futures wait. */
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
			String[] parts = new String(message.getBody(), StandardCharsets.UTF_8).split(FlowStore.SEPARATOR, 2);
			if (parts.length == 2 && this.waiting.containsKey(parts[1])) {
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
				List<String> ids = new ArrayList<>();
				if (first != null) {
					ids.add(first);
					this.announced.drainTo(ids, BATCH * 4);
				}
				else {
					ids.addAll(this.waiting.keySet());
					nextPoll = System.nanoTime() + this.pollInterval.toNanos();
				}
				read(Set.copyOf(ids));
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
		Map<String, List<Waiter>> byQueue = new LinkedHashMap<>();
		for (String id : ids) {
			Waiter waiter = this.waiting.get(id);
			if (waiter != null) {
				byQueue.computeIfAbsent(waiter.queue(), (queue) -> new ArrayList<>()).add(waiter);
			}
		}
		byQueue.forEach((queue, waiters) -> {
			for (int from = 0; from < waiters.size(); from += BATCH) {
				List<Waiter> batch = waiters.subList(from, Math.min(waiters.size(), from + BATCH));
				List<FlowStore.ResultState> states = this.store.results(queue, batch.stream().map(Waiter::id).toList());
				for (int i = 0; i < states.size(); i++) {
					settle(batch.get(i), states.get(i));
				}
			}
		});
	}

	private void settle(Waiter waiter, FlowStore.ResultState state) {
		switch (state.status()) {
			case 'r' -> {
				try {
					waiter.future().complete(this.mapper.readValue(state.a(), waiter.type()));
				}
				catch (RuntimeException ex) {
					waiter.future()
						.completeExceptionally(new IllegalStateException("The result of task " + waiter.id()
								+ " cannot be read as " + waiter.type() + ": " + ex.getMessage(), ex));
				}
			}
			case 'd' ->
				waiter.future().completeExceptionally(new TaskFailedException(waiter.id(), state.a(), state.b()));
			case 'x' -> {
				if (waiter.failIfUnknown()) {
					waiter.future()
						.completeExceptionally(new TaskFailedException(waiter.id(), "",
								"no task and no result with this id in queue '" + waiter.queue()
										+ "' (the result expired after async-task.retention.results, the task kept "
										+ "none, or it was never submitted)"));
				}
			}
			default -> {
				// still to finish
			}
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

	private record Waiter(String queue, String id, JavaType type, boolean failIfUnknown,
			CompletableFuture<Object> future) {
	}

}
