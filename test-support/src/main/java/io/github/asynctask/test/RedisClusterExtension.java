package io.github.asynctask.test;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives each test class its own three-master {@link RedisCluster} of local
 * {@code redis-server} processes, injected as a {@code RedisCluster} parameter of
 * constructors, {@code @BeforeAll}, {@code @BeforeEach} and {@code @Test} methods, and
 * closed after the class.
 */
public class RedisClusterExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

	private static final int MASTERS = 3;

	private static final ClassScoped<RedisCluster> clusters = new ClassScoped<>("redis-cluster", RedisCluster.class);

	@Override
	public void beforeAll(ExtensionContext context) {
		cluster(context);
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		clusters.closeOwned(context);
	}

	@Override
	public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return parameterContext.getParameter().getType() == RedisCluster.class;
	}

	@Override
	public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return cluster(extensionContext);
	}

	/** The class's cluster, started the first time. */
	protected static RedisCluster cluster(ExtensionContext context) {
		return clusters.getOrCreate(context, () -> RedisCluster.start(MASTERS));
	}

}
