package io.github.asynctask.worker;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;

/**
 * The class's Redis ({@link RedisExtension}) and, for each {@link WorkerHarness}
 * parameter (of the test class's constructor, so each test gets its own; two parameters
 * are two instances on one Redis), a harness on it: Redis flushed before the first, the
 * harnesses closed after the test, halting their containers. A worker test then needs no
 * set-up of its own: <pre>
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
		Harnesses harnesses = extensionContext.getStore(NAMESPACE).get(Harnesses.class, Harnesses.class);
		if (harnesses == null) {
			redis.flushAll();
			harnesses = new Harnesses(new ArrayList<>());
			extensionContext.getStore(NAMESPACE).put(Harnesses.class, harnesses);
		}
		WorkerHarness harness = new WorkerHarness(redis);
		harnesses.open().add(harness);
		return harness;
	}

	@Override
	public void afterEach(ExtensionContext context) {
		Harnesses harnesses = context.getStore(NAMESPACE).remove(Harnesses.class, Harnesses.class);
		if (harnesses != null) {
			harnesses.open().forEach(WorkerHarness::close);
		}
	}

	/** The harnesses made for one test. */
	private record Harnesses(List<WorkerHarness> open) {
	}

}
