package io.github.asynctask.redis.wake;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.PendingWait;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.shard.ShardLayout;
import io.github.asynctask.redis.shard.ShardTurns;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.connection.Message;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.data.redis.listener.Topic;

/**
 * {@link WakeSignals} over Redis: the scripts publish on a queue's due channel when a new
 * earliest scheduled or retry time appears (one subscriber connection per instance), and
 * leave a token in its wake-up list when pending tasks may wait for an idle fetcher,
 * which takes it with {@code BLPOP} on a connection of its own
 * ({@link RedisPendingWait}).
 */
public final class RedisWakeSignals implements WakeSignals {

	private static final Logger logger = LoggerFactory.getLogger(RedisWakeSignals.class);

	private final RedisConnectionFactory connectionFactory;

	private final RedisKeys keys;

	/** Guarded by this; created on the first subscribe. */
	private RedisMessageListenerContainer container;

	private final BlockingConnections blockingConnections;

	public RedisWakeSignals(RedisConnectionFactory connectionFactory, RedisKeys keys) {
		this.connectionFactory = connectionFactory;
		this.keys = keys;
		this.blockingConnections = new BlockingConnections(connectionFactory);
	}

	/**
	 * @throws org.springframework.dao.DataAccessException when Redis cannot be reached;
	 * nothing stays subscribed then
	 */
	@Override
	public synchronized void subscribe(Collection<String> queues, WakeListener listener) {
		Map<String, Runnable> actions = new HashMap<>();
		List<Topic> topics = new ArrayList<>();
		for (String queue : queues) {
			String due = this.keys.dueChannel(queue);
			actions.put(due, () -> listener.onDue(queue));
			topics.add(new ChannelTopic(due));
		}
		try {
			container().addMessageListener(new Dispatcher(actions), topics);
		}
		catch (RuntimeException ex) {
			// Redis away: the next subscribe starts over with a new container
			close();
			throw ex;
		}
	}

	@Override
	public PendingWait pendingWait(String queue) {
		return new RedisPendingWait(this.blockingConnections, this.keys.wake(queue), longestBlock());
	}

	/** A wait over the shards of the queue, one shard's list at a time. */
	public PendingWait pendingWait(String queue, ShardLayout layout) {
		return new RedisPendingWait(this.blockingConnections, new ShardTurns(queue, layout, this.keys), longestBlock());
	}

	/**
	 * A blocking call must end before the client's own command timeout, or the client
	 * gives up on it while Redis may still hand it a token.
	 */
	private Duration longestBlock() {
		if (this.connectionFactory instanceof LettuceConnectionFactory lettuce) {
			return Duration.ofMillis(Math.max(1000, lettuce.getTimeout() - 1000));
		}
		return Duration.ofMinutes(1);
	}

	private RedisMessageListenerContainer container() {
		if (this.container == null) {
			RedisMessageListenerContainer created = new RedisMessageListenerContainer();
			created.setConnectionFactory(this.connectionFactory);
			created.setBeanName("asynctask-wake");
			created.setRecoveryInterval(1000);
			// Listeners only raise a flag; running them inline spares a thread per
			// message.
			created.setTaskExecutor(Runnable::run);
			created.afterPropertiesSet();
			created.start();
			this.container = created;
		}
		return this.container;
	}

	@Override
	public synchronized void close() {
		if (this.container != null) {
			try {
				this.container.stop();
				this.container.destroy();
			}
			catch (Exception ex) {
				logger.debug("Closing the wake-up subscription failed", ex);
			}
			this.container = null;
		}
	}

	private record Dispatcher(Map<String, Runnable> actions) implements MessageListener {

		@Override
		public void onMessage(Message message, byte[] pattern) {
			Runnable action = this.actions.get(new String(message.getChannel(), StandardCharsets.UTF_8));
			if (action != null) {
				try {
					action.run();
				}
				catch (RuntimeException ex) {
					logger.warn("Wake-up listener failed", ex);
				}
			}
		}

	}

}
