package io.github.asynctask.worker;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;

/**
 * The class's Redis ({@link RedisExtension}) and, for a {@link WorkerHarness} parameter
 * (of the test class's constructor, so each test gets its own), a harness on it: Redis
 * flushed first, the harness closed after the test, halting its containers. A worker test
 * then needs no set-up of its own: <pre>
 * &#64;ExtendWith(WorkerHarnessExtension.class)
 * class SomeIntegrationTests {
 *     private final WorkerHarness harness;
 *     SomeIntegrationTests(WorkerHarness harness) { this.harness = harness; }
 * }</pre>
 */
final class WorkerHarnessExtension extends RedisExtension implements AfterEachCallback {

	private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace
		.create(WorkerHarnessExtension.class);

	@Override
	public ExtensionContextScope getTestInstantiationExtensionContextScope(ExtensionContext rootContext) {
		// the harness is made per test, so the constructor sees the test's context
		return ExtensionContextScope.TEST_METHOD;
	}

	@Override
	public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return parameterContext.getParameter().getType() == WorkerHarness.class
				|| super.supportsParameter(parameterContext, extensionContext);
	}

	@Override
	public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		if (parameterContext.getParameter().getType() != WorkerHarness.class) {
			return super.resolveParameter(parameterContext, extensionContext);
		}
		RedisServer redis = server(extensionContext);
		redis.flushAll();
		WorkerHarness harness = new WorkerHarness(redis);
		extensionContext.getStore(NAMESPACE).put(WorkerHarness.class, harness);
		return harness;
	}

	@Override
	public void afterEach(ExtensionContext context) {
		WorkerHarness harness = context.getStore(NAMESPACE).remove(WorkerHarness.class, WorkerHarness.class);
		if (harness != null) {
			harness.close();
		}
	}

}
