package io.github.asynctask.reliability;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * One worker instance in a JVM of its own, started by {@link WorkerJvm}: a Spring context
 * with the library's beans and a worker container. Arguments are {@code key=value} pairs
 * (see {@link WorkerJvm.Options}); SIGTERM closes the context from its shutdown hook,
 * which stops the container gracefully, as in any Spring application.
 */
public final class WorkerMain {

	private WorkerMain() {
	}

	public static void main(String[] args) throws InterruptedException {
		Map<String, String> options = new HashMap<>();
		Arrays.stream(args).map((arg) -> arg.split("=", 2)).forEach((kv) -> options.put(kv[0], kv[1]));
		options.put("worker", "true");
		AnnotationConfigApplicationContext context = ReliabilityConfiguration.context(options);
		context.registerShutdownHook();
		// the wall clock this JVM sees, so a test can tell a skew (faketime) took effect
		System.out.println(WorkerJvm.CLOCK + " " + System.currentTimeMillis());
		System.out.println(WorkerJvm.READY + " " + ProcessHandle.current().pid());
		// pool threads come and go; the JVM lives until a signal ends it
		Thread.currentThread().join();
	}

}
