package io.github.asynctask.context;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.asynctask.NonRetryableException;
import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TestDefinitions;
import io.micrometer.context.ContextRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Values set on the submitting thread travel as headers and are set around the body on
 * another thread, then removed; what must not travel does not.
 */
class TaskContextPropagatorTests {

	private static final ThreadLocal<String> TENANT = new ThreadLocal<>();

	private final ContextRegistry registry = new ContextRegistry().registerThreadLocalAccessor("tenant", TENANT);

	private final TaskContextPropagator propagator = new TaskContextPropagator(
			List.of(new MdcContextCodec(List.of("requestId")), new LocaleContextCodec(), new SecurityContextCodec(),
					ContextValueCodec.ofString("tenant", "tenant")),
			this.registry, List.of());

	private final TaskDefinition definition = TestDefinitions.of(this, "task");

	private final ExecutorService worker = Executors.newSingleThreadExecutor();

	@AfterEach
	void clear() throws InterruptedException {
		MDC.clear();
		LocaleContextHolder.resetLocaleContext();
		SecurityContextHolder.clearContext();
		TENANT.remove();
		this.worker.shutdownNow();
		this.worker.awaitTermination(10, TimeUnit.SECONDS);
	}

	@Test
	void callersMdcLocaleUserAndTenantAreSetAroundTheBodyOnAnotherThreadAndRemovedAfter() throws Exception {
		MDC.put("requestId", "req-7");
		MDC.put("traceId", "not-carried");
		LocaleContextHolder.setLocale(Locale.GERMANY);
		LocaleContextHolder.setTimeZone(TimeZone.getTimeZone("Europe/Berlin"));
		SecurityContextHolder.getContext()
			.setAuthentication(UsernamePasswordAuthenticationToken.authenticated("alice", "secret",
					AuthorityUtils.createAuthorityList("ROLE_USER", "orders:write")));
		TENANT.set("acme");
		Map<String, String> headers = submit();

		assertThat(headers).containsOnlyKeys("context.mdc", "context.locale", "context.security", "context.tenant")
			.containsEntry("context.mdc", "{\"requestId\":\"req-7\"}")
			.containsEntry("context.locale", "{\"locale\":\"de-DE\",\"timeZone\":\"Europe/Berlin\"}")
			.containsEntry("context.security", "{\"name\":\"alice\",\"authorities\":[\"ROLE_USER\",\"orders:write\"]}")
			.containsEntry("context.tenant", "acme");
		assertThat(headers.toString()).as("credentials never travel").doesNotContain("secret");

		AtomicReference<String> seen = new AtomicReference<>();
		String after = onWorker(() -> {
			run(headers, () -> {
				Authentication user = SecurityContextHolder.getContext().getAuthentication();
				seen.set(MDC.get("requestId") + " " + MDC.get("traceId") + " " + LocaleContextHolder.getLocale() + " "
						+ LocaleContextHolder.getTimeZone().getID() + " " + user.getClass().getSimpleName() + " "
						+ user.getName() + " " + user.getAuthorities() + " " + TENANT.get());
			});
			return MDC.get("requestId") + " " + LocaleContextHolder.getLocaleContext() + " "
					+ SecurityContextHolder.getContext().getAuthentication() + " " + TENANT.get();
		});

		assertThat(seen.get())
			.isEqualTo("req-7 null de_DE Europe/Berlin SubmitterAuthentication alice [ROLE_USER, orders:write] acme");
		assertThat(after).as("nothing stays on the worker thread").isEqualTo("null null null null");
	}

	@Test
	void anAnonymousCallerAndAnEmptyThreadCarryNothing() {
		SecurityContextHolder.getContext()
			.setAuthentication(new AnonymousAuthenticationToken("key", "anonymousUser",
					AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));
		assertThat(submit()).isEmpty();
	}

	@Test
	void theWorkerThreadsOwnValuesComeBackAfterTheBody() throws Exception {
		TENANT.set("acme");
		Map<String, String> headers = submit();
		String after = onWorker(() -> {
			TENANT.set("worker-default");
			run(headers, () -> assertThat(TENANT.get()).isEqualTo("acme"));
			return TENANT.get();
		});
		assertThat(after).isEqualTo("worker-default");
	}

	@Test
	void anUnreadableHeaderSendsTheTaskToDeadNamingTheHeader() {
		Map<String, String> headers = Map.of("context.security", "{\"name\":\"alice\"}");
		assertThatExceptionOfType(NonRetryableException.class).isThrownBy(() -> run(headers, () -> {
			throw new AssertionError("the body must not run without its user");
		})).withMessageContaining("context.security").withMessageContaining("ship-1");
	}

	@Test
	void aCodecWhoseThreadLocalNobodyRegisteredIsRefusedAtStartUp() {
		assertThatIllegalStateException()
			.isThrownBy(() -> new TaskContextPropagator(List.of(ContextValueCodec.ofString("region", "region")),
					new ContextRegistry(), List.of()))
			.withMessageContaining("'region'")
			.withMessageContaining("ThreadLocalAccessor");
	}

	@Test
	void twoCodecsForOneHeaderAreRefusedAtStartUp() {
		assertThatIllegalStateException()
			.isThrownBy(() -> new TaskContextPropagator(
					List.of(ContextValueCodec.ofString("tenant", "t"), ContextValueCodec.ofString("tenant", "t2")),
					this.registry, List.of()))
			.withMessageContaining("'tenant'");
	}

	private Map<String, String> submit() {
		Map<String, String> headers = new LinkedHashMap<>();
		this.propagator.beforeSubmit(this.definition, new Object[0], headers);
		return headers;
	}

	private void run(Map<String, String> headers, ThrowingRunnable body) throws Throwable {
		TaskInterceptor.Chain chain = body::run;
		this.propagator.around(new TaskExecution("ship-1", "orders.ship", "default", 1, 3, headers), chain);
	}

	private String onWorker(ThrowingSupplier work) throws Exception {
		return CompletableFuture.supplyAsync(() -> {
			try {
				return work.get();
			}
			catch (Throwable ex) {
				throw new IllegalStateException(ex);
			}
		}, this.worker).get(10, TimeUnit.SECONDS);
	}

	public void task() {
	}

	interface ThrowingSupplier {

		String get() throws Throwable;

	}

	interface ThrowingRunnable {

		void run() throws Throwable;

	}

}
