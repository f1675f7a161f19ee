package io.github.asynctask;

import io.github.asynctask.redis.RedisConnections;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.ClassScoped;
import io.github.asynctask.test.FlushedRedisExtension;
import io.github.asynctask.test.RedisExtension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The class's Redis ({@link RedisExtension}), flushed before each test
 * ({@link FlushedRedisExtension}), and a {@link LuaRedisBroker} on it under
 * {@link RedisTasks#KEYS}, or its started {@link LettuceConnectionFactory}, for a
 * parameter (of a {@code @BeforeAll} method, the constructor or a test): one connection
 * per class, closed after the class, before its Redis stops.
 */
public final class RedisBrokerExtension extends FlushedRedisExtension {

	private static final ClassScoped<ConnectedBroker> brokers = new ClassScoped<>("broker", ConnectedBroker.class);

	@Override
	public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		Class<?> type = parameterContext.getParameter().getType();
		return type == LuaRedisBroker.class || type == LettuceConnectionFactory.class
				|| super.supportsParameter(parameterContext, extensionContext);
	}

	@Override
	public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		Class<?> type = parameterContext.getParameter().getType();
		if (type != LuaRedisBroker.class && type != LettuceConnectionFactory.class) {
			return super.resolveParameter(parameterContext, extensionContext);
		}
		ConnectedBroker connected = brokers.getOrCreate(extensionContext, () -> {
			LettuceConnectionFactory factory = RedisConnections.warmedUp(RedisTasks.connect(server(extensionContext)));
			return new ConnectedBroker(factory, new LuaRedisBroker(factory, RedisTasks.KEYS));
		});
		return (type == LuaRedisBroker.class) ? connected.broker() : connected.factory();
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		brokers.closeOwned(context);
		super.afterAll(context);
	}

	/** A broker and the connection it owns. */
	private record ConnectedBroker(LettuceConnectionFactory factory, LuaRedisBroker broker) implements AutoCloseable {

		@Override
		public void close() {
			this.factory.destroy();
		}

	}

}
