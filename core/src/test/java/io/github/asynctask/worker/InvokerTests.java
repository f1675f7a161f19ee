package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.asynctask.NonRetryableException;
import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.definition.TaskDefinition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import static org.assertj.core.api.Assertions.assertThat;

class InvokerTests {

	private final Handler handler = new Handler();

	private final Watchdog watchdog = new Watchdog();

	private final TestTasks.JsonCodec codec = new TestTasks.JsonCodec();

	private final TestTasks.MapRegistry registry = new TestTasks.MapRegistry(
			define("greet", Duration.ofSeconds(30), List.of()), define("fail", Duration.ofSeconds(30), List.of()),
			define("failHard", Duration.ofSeconds(30), List.of()),
			define("failIllegal", Duration.ofSeconds(30), List.of(IllegalArgumentException.class)),
			define("overflow", Duration.ofSeconds(30), List.of()), define("sleep", Duration.ofMillis(100), List.of()),
			define("stubborn", Duration.ofMillis(50), List.of()));

	@AfterEach
	void stopWatchdog() {
		this.watchdog.shutdown();
	}

	@Test
	void interceptorsWrapTheBodyInTheirOrderAndSeeTheExecution() {
		List<String> calls = new CopyOnWriteArrayList<>();
		AtomicReference<TaskExecution> seen = new AtomicReference<>();
		TaskInterceptor outer = (execution, chain) -> {
			seen.set(execution);
			calls.add("outer>");
			chain.proceed();
			calls.add("<outer");
		};
		TaskInterceptor inner = (execution, chain) -> {
			calls.add("inner>");
			chain.proceed();
			calls.add("<inner");
		};
		this.handler.calls = calls;
		Outcome outcome = invoker(List.of(outer, inner))
			.invoke(task("greet", 2, payload("greet", Map.of("tenant", "acme"), "bob")), (t) -> {
			});
		assertThat(outcome.succeeded()).isTrue();
		assertThat(calls).containsExactly("outer>", "inner>", "body:bob", "<inner", "<outer");
		assertThat(seen.get()).isEqualTo(new TaskExecution("id-1", "greet", "q", 2, 3, Map.of("tenant", "acme")));
		assertThat(seen.get().header("tenant")).isEqualTo("acme");
	}

	@Test
	void anInterceptorThatThrowsFailsTheAttemptWithoutRunningTheBody() {
		this.handler.calls = new ArrayList<>();
		TaskInterceptor refuse = (execution, chain) -> {
			throw new SecurityException("no tenant");
		};
		Outcome outcome = invoker(List.of(refuse)).invoke(task("greet", 1, payload("greet", Map.of(), "bob")), (t) -> {
		});
		assertThat(outcome.succeeded()).isFalse();
		assertThat(outcome.retryable()).isTrue();
		assertThat(outcome.reason()).isEqualTo("java.lang.SecurityException: no tenant");
		assertThat(this.handler.calls).isEmpty();
	}

	@Test
	void mdcInterceptorExposesTheTaskToLogLinesOfTheBody() {
		this.handler.calls = new ArrayList<>();
		invoker(List.of(new MdcTaskInterceptor())).invoke(task("greet", 1, payload("greet", Map.of(), "mdc")), (t) -> {
		});
		assertThat(this.handler.mdc).containsEntry(MdcTaskInterceptor.TASK_ID, "id-1")
			.containsEntry(MdcTaskInterceptor.TASK_NAME, "greet")
			.containsEntry(MdcTaskInterceptor.QUEUE, "q");
		assertThat(MDC.get(MdcTaskInterceptor.TASK_ID)).isNull();
	}

	@Test
	void anUnknownTaskNameIsPoisonNamingTheTask() {
		Outcome outcome = invoker(List.of()).invoke(task("nobody.knows", 1, "{}"), (t) -> {
		});
		assertThat(outcome.retryable()).isFalse();
		assertThat(outcome.reason()).contains("No task named 'nobody.knows'").contains("queue 'q'");
	}

	@Test
	void unreadableArgumentsArePoisonNamingTheMethod() {
		Outcome outcome = invoker(List.of()).invoke(task("greet", 1, "{not json"), (t) -> {
		});
		assertThat(outcome.retryable()).isFalse();
		assertThat(outcome.reason()).contains("Cannot read the arguments of task 'testBean' method Handler.greet");
	}

	@Test
	void anExceptionIsARetryableFailureWithItsText() {
		Outcome outcome = invoker(List.of()).invoke(task("fail", 1, payload("fail", Map.of())), (t) -> {
		});
		assertThat(outcome.retryable()).isTrue();
		assertThat(outcome.reason()).isEqualTo("java.lang.IllegalStateException: always");
	}

	@Test
	void theMarkerExceptionIsNotRetryable() {
		Outcome outcome = invoker(List.of()).invoke(task("failHard", 1, payload("failHard", Map.of())), (t) -> {
		});
		assertThat(outcome.retryable()).isFalse();
		assertThat(outcome.error()).isInstanceOf(NonRetryableException.class);
	}

	@Test
	void typesListedAsNoRetryForAreNotRetryable() {
		Outcome outcome = invoker(List.of()).invoke(task("failIllegal", 1, payload("failIllegal", Map.of())), (t) -> {
		});
		assertThat(outcome.retryable()).isFalse();
		assertThat(outcome.error()).isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void anErrorIsCaughtAsAFailure() {
		Outcome outcome = invoker(List.of()).invoke(task("overflow", 1, payload("overflow", Map.of())), (t) -> {
		});
		assertThat(outcome.succeeded()).isFalse();
		assertThat(outcome.error()).isInstanceOf(StackOverflowError.class);
	}

	@Test
	void aBodyPastItsTimeoutIsInterruptedAndTheAttemptFails() {
		Outcome outcome = invoker(List.of()).invoke(task("sleep", 1, payload("sleep", Map.of())), (t) -> {
		});
		assertThat(outcome.retryable()).isTrue();
		assertThat(outcome.error()).isInstanceOf(TaskTimeoutException.class);
		assertThat(outcome.error().getSuppressed()).hasOnlyElementsOfType(InterruptedException.class);
		assertThat(outcome.reason()).contains("ran longer than its timeout of PT0.1S");
		assertThat(Thread.currentThread().isInterrupted()).isFalse();
	}

	@Test
	void aHungBodyThatFinallyReturnsNormallySucceeds() {
		assertThat(invokeHung(false).succeeded()).isTrue();
	}

	@Test
	void aHungBodyThatFinallyFailsFailsWithTheTimeout() {
		Outcome outcome = invokeHung(true);
		assertThat(outcome.retryable()).isTrue();
		assertThat(outcome.error()).isInstanceOf(TaskTimeoutException.class);
		assertThat(outcome.error().getSuppressed()).hasOnlyElementsOfType(IllegalStateException.class);
	}

	/** Runs a body that ignores its timeout interrupt until it was reported hung. */
	private Outcome invokeHung(boolean fail) {
		Watchdog shortGrace = new Watchdog(Duration.ofMillis(50), Duration.ofSeconds(1));
		try {
			RunningTask task = task("stubborn", 1, payload("stubborn", Map.of(), fail));
			Outcome outcome = new Invoker(this.registry, this.codec, new TestTasks.ReflectiveInvoker(), List.of(),
					shortGrace)
				.invoke(task, (timeout) -> {
					task.markHung();
					this.handler.released.countDown();
				});
			assertThat(task.isHung()).isTrue();
			return outcome;
		}
		finally {
			shortGrace.shutdown();
		}
	}

	@Test
	void aTimeoutChosenAtSubmitWinsOverTheDefinitions() {
		String payload = this.codec.encode(this.registry.find("greet").orElseThrow(), new Object[] { "slow" }, Map.of(),
				Duration.ofMillis(50));
		this.handler.calls = new ArrayList<>();
		Outcome outcome = invoker(List.of()).invoke(task("greet", 1, payload), (t) -> {
		});
		assertThat(outcome.error()).isInstanceOf(TaskTimeoutException.class);
	}

	private Invoker invoker(List<TaskInterceptor> interceptors) {
		return new Invoker(this.registry, this.codec, new TestTasks.ReflectiveInvoker(), interceptors, this.watchdog);
	}

	private String payload(String name, Map<String, String> headers, Object... args) {
		return this.codec.encode(this.registry.find(name).orElseThrow(), args, headers, null);
	}

	private static RunningTask task(String name, int attempt, String payload) {
		return new RunningTask(TestTasks.delivery("q", "id-1", name, attempt, 3, payload), System.nanoTime());
	}

	private TaskDefinition define(String method, Duration timeout, List<Class<? extends Throwable>> noRetryFor) {
		return TestTasks.definition(method, "q", this.handler, method, 3, timeout, noRetryFor);
	}

	public static class Handler {

		volatile List<String> calls = new ArrayList<>();

		volatile Map<String, String> mdc = Map.of();

		public void greet(String who) throws InterruptedException {
			if (who.equals("slow")) {
				Thread.sleep(10_000);
			}
			this.mdc = MDC.getCopyOfContextMap() != null ? MDC.getCopyOfContextMap() : Map.of();
			this.calls.add("body:" + who);
		}

		public void fail() {
			throw new IllegalStateException("always");
		}

		public void failHard() {
			throw new NonRetryableException("bad input");
		}

		public void failIllegal() {
			throw new IllegalArgumentException("bad argument");
		}

		public void overflow() {
			throw new StackOverflowError();
		}

		public void sleep() throws InterruptedException {
			Thread.sleep(10_000);
		}

		final CountDownLatch released = new CountDownLatch(1);

		/** Ignores interrupts until released, then returns or fails. */
		public void stubborn(boolean fail) {
			while (this.released.getCount() > 0) {
				try {
					this.released.await(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					// ignored on purpose
				}
			}
			if (fail) {
				throw new IllegalStateException("late failure");
			}
		}

	}

}
