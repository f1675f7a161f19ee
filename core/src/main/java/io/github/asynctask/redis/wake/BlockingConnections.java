package io.github.asynctask.redis.wake;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.KeyValue;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettucePoolingClientConfiguration;

/**
 * Opens the connections idle fetchers hold for {@code BLPOP}, one per fetcher for as long
 * as it runs. Spring takes the connection for a blocking command from the connection pool
 * when one is configured (Spring Boot turns Lettuce's pool on whenever commons-pool2 is
 * on the classpath), and a fetcher never hands it back: with more queues than the pool's
 * {@code max-active}, the fetchers beyond it would block forever, and the application's
 * own Redis calls would find the pool empty. So with a pooling Lettuce factory the
 * fetchers connect through the factory's own Lettuce client (same servers, credentials,
 * TLS and event loops), outside the pool; with any other factory, through the factory as
 * before.
 */
final class BlockingConnections implements Supplier<BlockingConnection> {

	private static final Logger logger = LoggerFactory.getLogger(BlockingConnections.class);

	private final RedisConnectionFactory connectionFactory;

	private final boolean outsideThePool;

	private final AtomicBoolean warned = new AtomicBoolean();

	BlockingConnections(RedisConnectionFactory connectionFactory) {
		this.connectionFactory = connectionFactory;
		this.outsideThePool = connectionFactory instanceof LettuceConnectionFactory lettuce
				&& lettuce.getClientConfiguration() instanceof LettucePoolingClientConfiguration;
	}

	@Override
	public BlockingConnection get() {
		if (this.outsideThePool) {
			LettuceConnectionFactory lettuce = (LettuceConnectionFactory) this.connectionFactory;
			BlockingConnection own = connectOwn(lettuce.getRequiredNativeClient(), lettuce);
			if (own != null) {
				return own;
			}
		}
		return new Pooled(this.connectionFactory.getConnection());
	}

	private BlockingConnection connectOwn(AbstractRedisClient client, LettuceConnectionFactory lettuce) {
		Duration timeout = Duration.ofMillis(lettuce.getTimeout());
		if (client instanceof RedisClusterClient cluster) {
			StatefulRedisClusterConnection<byte[], byte[]> connection = cluster.connect(ByteArrayCodec.INSTANCE);
			connection.setTimeout(timeout);
			return new Own(connection, (key, seconds) -> connection.sync().blpop(seconds, key));
		}
		if (client instanceof RedisClient redis) {
			StatefulRedisConnection<byte[], byte[]> connection;
			try {
				connection = redis.connect(ByteArrayCodec.INSTANCE);
			}
			catch (IllegalStateException ex) {
				// a client without a default address (static master/replica): only the
				// factory knows how to connect it
				warnPooled();
				return null;
			}
			connection.setTimeout(timeout);
			if (lettuce.getDatabase() != 0) {
				connection.sync().select(lettuce.getDatabase());
			}
			return new Own(connection, (key, seconds) -> connection.sync().blpop(seconds, key));
		}
		warnPooled();
		return null;
	}

	private void warnPooled() {
		if (this.warned.compareAndSet(false, true)) {
			logger.warn("Idle fetchers take their BLPOP connections from the Redis connection pool with this "
					+ "connection set-up and hold one each while they run: keep spring.data.redis.lettuce.pool."
					+ "max-active above the number of queues this instance serves, or turn the pool off");
		}
	}

	/** A call of {@code BLPOP} on a native connection. */
	@FunctionalInterface
	private interface Pop {

		KeyValue<byte[], byte[]> pop(byte[] key, long seconds);

	}

	/** A connection of the factory's Lettuce client, outside the pool. */
	private static final class Own implements BlockingConnection {

		private final StatefulConnection<byte[], byte[]> connection;

		private final Pop pop;

		/**
		 * A stopping wait closes its connection and its fetcher closes it again when its
		 * {@code BLPOP} fails; Lettuce warns on a second close.
		 */
		private final AtomicBoolean closed = new AtomicBoolean();

		Own(StatefulConnection<byte[], byte[]> connection, Pop pop) {
			this.connection = connection;
			this.pop = pop;
		}

		@Override
		public boolean popToken(String key, int seconds) {
			try {
				KeyValue<byte[], byte[]> popped = this.pop.pop(key.getBytes(StandardCharsets.UTF_8), seconds);
				return popped != null && popped.hasValue();
			}
			catch (RedisCommandTimeoutException ex) {
				throw new QueryTimeoutException("BLPOP on '" + key + "' had no reply in time", ex);
			}
		}

		@Override
		public void close() {
			if (this.closed.compareAndSet(false, true)) {
				this.connection.close();
			}
		}

	}

	/** A connection of the factory (its pool's, if it has one). */
	private static final class Pooled implements BlockingConnection {

		private final RedisConnection connection;

		Pooled(RedisConnection connection) {
			this.connection = connection;
		}

		@Override
		public boolean popToken(String key, int seconds) {
			List<byte[]> popped = this.connection.listCommands().bLPop(seconds, key.getBytes(StandardCharsets.UTF_8));
			return popped != null && !popped.isEmpty();
		}

		@Override
		public void close() {
			this.connection.close();
		}

	}

}
