package io.github.asynctask.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.aop.ProxyTaskBodyInvoker;
import io.github.asynctask.aop.TaskBodyInvoker;
import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Runs task bodies on the calling thread, once each (no retries), through the bean's
 * proxy as a worker does. A submit inside a transaction reaches here from the
 * transaction's after-commit callback, where the finished transaction's resources are
 * still bound: a {@code @Transactional} body would join it and its writes would never
 * commit. So each body runs with the thread's transaction state set aside, as on a worker
 * thread, and restored afterwards.
 */
final class InlineRunner {

	private final TaskBodyInvoker invoker = new ProxyTaskBodyInvoker();

	/**
	 * Run every call, then fail with the first failure (the others suppressed), so that
	 * one failing task does not keep the others of a commit from running.
	 * @throws AssertionError when a body threw
	 */
	void runAll(List<Call> calls) {
		List<Throwable> failures = new ArrayList<>();
		for (Call call : calls) {
			Throwable failure = run(call);
			if (failure != null) {
				failures.add(new AssertionError(call.definition().describe() + " failed when run inline "
						+ "(@AutoConfigureAsyncTask(mode = INLINE)): " + failure, failure));
			}
		}
		if (!failures.isEmpty()) {
			Throwable first = failures.get(0);
			failures.subList(1, failures.size()).forEach(first::addSuppressed);
			throw (AssertionError) first;
		}
	}

	private @Nullable Throwable run(Call call) {
		SuspendedTransaction suspended = SuspendedTransaction.suspend();
		try {
			this.invoker.invoke(call.definition(), call.args());
			return null;
		}
		catch (Throwable ex) {
			return ex;
		}
		finally {
			suspended.resume();
		}
	}

	/** One task body to run with these arguments. */
	record Call(TaskDefinition definition, @Nullable Object[] args) {

	}

	/**
	 * The thread's transaction state, unbound while a body runs: what
	 * {@code AbstractPlatformTransactionManager} suspends for REQUIRES_NEW, for every
	 * transaction manager at once.
	 */
	private record SuspendedTransaction(Map<Object, Object> resources,
			@Nullable List<TransactionSynchronization> synchronizations, @Nullable String name, boolean readOnly,
			@Nullable Integer isolation, boolean active) {

		static SuspendedTransaction suspend() {
			Map<Object, Object> resources = new LinkedHashMap<>(TransactionSynchronizationManager.getResourceMap());
			resources.keySet().forEach(TransactionSynchronizationManager::unbindResource);
			List<TransactionSynchronization> synchronizations = null;
			if (TransactionSynchronizationManager.isSynchronizationActive()) {
				synchronizations = TransactionSynchronizationManager.getSynchronizations();
				TransactionSynchronizationManager.clearSynchronization();
			}
			SuspendedTransaction suspended = new SuspendedTransaction(resources, synchronizations,
					TransactionSynchronizationManager.getCurrentTransactionName(),
					TransactionSynchronizationManager.isCurrentTransactionReadOnly(),
					TransactionSynchronizationManager.getCurrentTransactionIsolationLevel(),
					TransactionSynchronizationManager.isActualTransactionActive());
			TransactionSynchronizationManager.setCurrentTransactionName(null);
			TransactionSynchronizationManager.setCurrentTransactionReadOnly(false);
			TransactionSynchronizationManager.setCurrentTransactionIsolationLevel(null);
			TransactionSynchronizationManager.setActualTransactionActive(false);
			return suspended;
		}

		void resume() {
			this.resources.forEach(TransactionSynchronizationManager::bindResource);
			if (this.synchronizations != null) {
				TransactionSynchronizationManager.initSynchronization();
				this.synchronizations.forEach(TransactionSynchronizationManager::registerSynchronization);
			}
			TransactionSynchronizationManager.setCurrentTransactionName(this.name);
			TransactionSynchronizationManager.setCurrentTransactionReadOnly(this.readOnly);
			TransactionSynchronizationManager.setCurrentTransactionIsolationLevel(this.isolation);
			TransactionSynchronizationManager.setActualTransactionActive(this.active);
		}

	}

}
