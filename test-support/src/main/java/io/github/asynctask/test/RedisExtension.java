package io.github.asynctask.test;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives each test class its own real Redis and injects it as a {@link RedisServer}
 * parameter of constructors, {@code @BeforeAll}, {@code @BeforeEach} and {@code @Test}
 * methods. The server is, in order: the one at {@code ASYNCTASK_TEST_REDIS_URL} (flushed
 * at class start, no fault injection), a {@code redis:7-alpine} Testcontainers container
 * when Docker answers, or a {@code redis-server} process on a free port (from
 * {@code REDIS_SERVER_BIN} or the {@code PATH}), stopped after the class.
 */
public class RedisExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

	private static final ClassScoped<RedisSources.Provided> servers = new ClassScoped<>("redis",
			RedisSources.Provided.class);

	@Override
	public void beforeAll(ExtensionContext context) {
		provided(context);
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		servers.closeOwned(context);
	}

	@Override
	public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return parameterContext.getParameter().getType() == RedisServer.class;
	}

	@Override
	public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return provided(extensionContext).server();
	}

	/**
	 * The test class's Redis, for extensions built on this one.
	 * @param context the context of the class or of one of its tests
	 * @return the server
	 */
	protected static RedisServer server(ExtensionContext context) {
		return provided(context).server();
	}

	private static RedisSources.Provided provided(ExtensionContext context) {
		return servers.getOrCreate(context, () -> RedisSources.open(System::getenv));
	}

}
