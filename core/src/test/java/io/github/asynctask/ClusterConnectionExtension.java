package io.github.asynctask;

import io.github.asynctask.redis.RedisConnections;
import io.github.asynctask.test.ClassScoped;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The class's three-master cluster ({@link RedisClusterExtension}) and a started
 * {@link LettuceConnectionFactory} on it for a parameter (of a {@code @BeforeAll} method,
 * the constructor or a test): one connection per class, closed after the class, before
 * its cluster stops.
 */
public final class ClusterConnectionExtension extends RedisClusterExtension {

	private static final ClassScoped<Connection> connections = new ClassScoped<>("cluster-connection",
			Connection.class);

	@Override
	public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return parameterContext.getParameter().getType() == LettuceConnectionFactory.class
				|| super.supportsParameter(parameterContext, extensionContext);
	}

	@Override
	public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		if (parameterContext.getParameter().getType() != LettuceConnectionFactory.class) {
			return super.resolveParameter(parameterContext, extensionContext);
		}
		return connections
			.getOrCreate(extensionContext,
					() -> new Connection(
							RedisConnections.warmedUp(RedisConnections.cluster(cluster(extensionContext).hostPorts()))))
			.factory();
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		connections.closeOwned(context);
		super.afterAll(context);
	}

	/** The connection factory a class owns. */
	private record Connection(LettuceConnectionFactory factory) implements AutoCloseable {

		@Override
		public void close() {
			this.factory.destroy();
		}

	}

}
