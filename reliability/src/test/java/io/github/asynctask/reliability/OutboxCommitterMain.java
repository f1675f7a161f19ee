package io.github.asynctask.reliability;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An application with the outbox on, in a JVM of its own (started through
 * {@link WorkerJvm} with {@code main(OutboxCommitterMain.class)}): commits
 * {@code transactions} transactions of {@code tasks} work tasks each, recording
 * {@code SUBMIT ms id DEFERRED_UNTIL_COMMIT} in its ledger before each commit, then stays
 * up (its relay running) until killed. The crash-point system properties of the outbox
 * make it halt after a commit or after a relay write.
 */
public final class OutboxCommitterMain {

	private OutboxCommitterMain() {
	}

	public static void main(String[] args) throws InterruptedException {
		Map<String, String> options = new HashMap<>();
		Arrays.stream(args).map((arg) -> arg.split("=", 2)).forEach((kv) -> options.put(kv[0], kv[1]));
		AnnotationConfigApplicationContext context = ReliabilityConfiguration.context(options);
		System.out.println(WorkerJvm.CLOCK + " " + System.currentTimeMillis());
		System.out.println(WorkerJvm.READY + " " + ProcessHandle.current().pid());
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		ReliabilityTasks tasks = context.getBean(ReliabilityTasks.class);
		Ledger ledger = context.getBean(Ledger.class);
		TransactionTemplate transactions = context.getBean(TransactionTemplate.class);
		int perTransaction = Integer.parseInt(options.getOrDefault("tasks", "1"));
		for (int t = 0; t < Integer.parseInt(options.getOrDefault("transactions", "0")); t++) {
			transactions.executeWithoutResult((status) -> {
				for (int i = 0; i < perTransaction; i++) {
					TaskReceipt receipt = template.submit(TaskOptions.defaults(), () -> tasks.work("outbox", 20));
					ledger.record("SUBMIT", receipt.taskId(), receipt.status());
				}
			});
		}
		Thread.currentThread().join();
	}

}
