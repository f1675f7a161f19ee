package io.github.asynctask.testing;

import org.springframework.context.ApplicationContext;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.support.AbstractTestExecutionListener;

/**
 * Empties the {@link AsyncTaskRecorder} before each test method: the application context,
 * and with it the recorder, is cached and shared by the tests of a run.
 */
final class RecorderResetTestExecutionListener extends AbstractTestExecutionListener {

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
		}
	}

}
