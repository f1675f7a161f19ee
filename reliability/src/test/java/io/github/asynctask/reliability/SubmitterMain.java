package io.github.asynctask.reliability;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * A submitting application in a JVM of its own (started through {@link WorkerJvm} with
 * {@code main(SubmitterMain.class)}): once the file {@code go} exists, {@code threads}
 * threads submit the work task with one {@code bizId}, {@code submits} times in all,
 * recording each answer as {@code SUBMIT ms id STATUS} in its ledger; then it prints
 * {@value #DONE} and exits.
 */
public final class SubmitterMain {

	static final String DONE = "SUBMITTER-DONE";

	private SubmitterMain() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = new HashMap<>();
		Arrays.stream(args).map((arg) -> arg.split("=", 2)).forEach((kv) -> options.put(kv[0], kv[1]));
		try (AnnotationConfigApplicationContext context = ReliabilityConfiguration.context(options)) {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			ReliabilityTasks tasks = context.getBean(ReliabilityTasks.class);
			Ledger ledger = context.getBean(Ledger.class);
			System.out.println(WorkerJvm.CLOCK + " " + System.currentTimeMillis());
			System.out.println(WorkerJvm.READY + " " + ProcessHandle.current().pid());
			Path go = Path.of(options.get("go"));
			while (!Files.exists(go)) {
				Thread.onSpinWait();
			}
			AtomicInteger remaining = new AtomicInteger(Integer.parseInt(options.get("submits")));
			TaskOptions submitOptions = TaskOptions.defaults().bizId(options.get("bizId"));
			List<Thread> threads = new ArrayList<>();
			for (int t = 0; t < Integer.parseInt(options.get("threads")); t++) {
				Thread thread = new Thread(() -> {
					while (remaining.decrementAndGet() >= 0) {
						TaskReceipt receipt = template.submit(submitOptions, () -> tasks.work("w", 200));
						ledger.record("SUBMIT", receipt.taskId(), receipt.status());
					}
				}, "submitter-" + t);
				threads.add(thread);
				thread.start();
			}
			for (Thread thread : threads) {
				thread.join();
			}
		}
		System.out.println(DONE);
	}

}
