package io.github.asynctask;

import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.ClassScoped;
import io.github.asynctask.test.RedisExtension;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The class's Redis ({@link RedisExtension}), flushed before each test, and a
 * {@link LuaRedisBroker} on it under {@link RedisTasks#KEYS} for a parameter (of a
 * {@code @BeforeAll} method, the constructor or a test): one connection per class, closed
 * after the class, before its Redis stops.
 */
public final class RedisBrokerExtension extends RedisExtension implements BeforeEachCallback {

	private static final ClassScoped<ConnectedBroker> brokers = new ClassScoped<>("broker", ConnectedBroker.class);

	@Override
	public void beforeEach(ExtensionContext context) {
		server(context).flushAll();
	}

	@Override
	public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return parameterContext.getParameter().getType() == LuaRedisBroker.class
				|| super.supportsParameter(parameterContext, extensionContext);
	}

	@Override
	public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		if (parameterContext.getParameter().getType() != LuaRedisBroker.class) {
			return super.resolveParameter(parameterContext, extensionContext);
		}
		return brokers.getOrCreate(extensionContext, () -> {
			LettuceConnectionFactory factory = RedisTasks.connect(server(extensionContext));
			return new ConnectedBroker(factory, new LuaRedisBroker(factory, RedisTasks.KEYS));
		}).broker();
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
