package io.github.asynctask.testing;

import org.springframework.context.ApplicationContext;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.support.AbstractTestExecutionListener;

/**
 * Starts each test method afresh: empties the {@link AsyncTaskRecorder}, and makes
 * {@link AsyncTaskTestSupport} report only tasks that die from now on. The application
 * context, and with it both beans, is cached and shared by the tests of a run.
 */
final class TestModeResetTestExecutionListener extends AbstractTestExecutionListener {

	@Override
	public int getOrder() {
		// before the transactional listener (4000) opens a test-managed transaction
		return 3900;
	}

	@Override
	public void beforeTestMethod(TestContext testContext) {
		if (testContext.hasApplicationContext()) {
			ApplicationContext context = testContext.getApplicationContext();
			context.getBeanProvider(AsyncTaskRecorder.class).ifAvailable(AsyncTaskRecorder::clear);
			context.getBeanProvider(AsyncTaskTestSupport.class).ifAvailable(AsyncTaskTestSupport::forgetDeadTasks);
		}
	}

}
