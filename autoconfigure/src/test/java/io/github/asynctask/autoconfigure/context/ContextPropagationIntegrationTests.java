package io.github.asynctask.autoconfigure.context;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.context.ContextValueCodec;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.micrometer.context.ThreadLocalAccessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.MDC;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two application contexts on one real Redis, as a web instance and a worker instance: a
 * request id in the MDC, the signed-in user, the locale and an application's own tenant
 * thread-local, set on the submitting thread of one, are what the task body sees on a
 * worker thread of the other.
 */
@ExtendWith(RedisExtension.class)
class ContextPropagationIntegrationTests {

	static final ThreadLocal<String> TENANT = new ThreadLocal<>();

	private ApplicationContextRunner instance;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		ContextTasks.seen.clear();
		this.instance = CallerContext.instance(redis).withUserConfiguration(ContextTasksConfiguration.class);
	}

	@AfterEach
	void clear() {
		CallerContext.clear();
		TENANT.remove();
	}

	@Test
	void theCallersContextIsWhatTheBodySeesOnAnotherInstance() {
		this.instance.run((worker) -> this.instance.withPropertyValues("async-task.worker.enabled=false").run((web) -> {
			MDC.put("requestId", "req-42");
			SecurityContextHolder.getContext()
				.setAuthentication(UsernamePasswordAuthenticationToken.authenticated("alice", "secret",
						AuthorityUtils.createAuthorityList("ROLE_CLERK")));
			LocaleContextHolder.setLocale(Locale.FRANCE);
			TENANT.set("acme");
			web.getBean(ContextTasks.class).record("order-1");
			clear();

			await().atMost(Duration.ofSeconds(20)).until(() -> ContextTasks.seen.containsKey("order-1"));
			assertThat(ContextTasks.seen.get("order-1")).isEqualTo(
					"thread=asynctask-default requestId=req-42 user=alice [ROLE_CLERK] locale=fr_FR tenant=acme");
		}));
	}

	@Test
	void aRetryReadsTheContextBackFromRedisAndSeesItAgain() {
		this.instance
			.withPropertyValues("async-task.defaults.backoff.policy=fixed", "async-task.defaults.backoff.delay=100ms")
			.run((worker) -> this.instance.withPropertyValues("async-task.worker.enabled=false").run((web) -> {
				MDC.put("requestId", "req-43");
				SecurityContextHolder.getContext()
					.setAuthentication(UsernamePasswordAuthenticationToken.authenticated("carol", null,
							AuthorityUtils.createAuthorityList("ROLE_CLERK")));
				web.getBean(ContextTasks.class).failOnce("order-3");
				clear();

				await().atMost(Duration.ofSeconds(20)).until(() -> ContextTasks.seen.containsKey("order-3#2"));
				assertThat(ContextTasks.seen.get("order-3#1")).contains("requestId=req-43 user=carol");
				assertThat(ContextTasks.seen.get("order-3#2")).as("the second attempt, after a failure")
					.contains("requestId=req-43 user=carol");
			}));
	}

	@Test
	void aTaskSubmittedWithoutContextRunsWithoutAny() {
		this.instance.run((context) -> {
			context.getBean(ContextTasks.class).record("order-2");
			await().atMost(Duration.ofSeconds(20)).until(() -> ContextTasks.seen.containsKey("order-2"));
			assertThat(ContextTasks.seen.get("order-2")).isEqualTo(
					"thread=asynctask-default requestId=null user=null locale=" + Locale.getDefault() + " tenant=null");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class ContextTasksConfiguration {

		@Bean
		ContextTasks contextTasks() {
			return new ContextTasks();
		}

		// An application's own value: its accessor as a bean, and a codec naming its key.
		@Bean
		ThreadLocalAccessor<String> tenantAccessor() {
			return new ThreadLocalAccessor<>() {

				@Override
				public Object key() {
					return "tenant";
				}

				@Override
				public String getValue() {
					return TENANT.get();
				}

				@Override
				public void setValue(String value) {
					TENANT.set(value);
				}

				@Override
				public void setValue() {
					TENANT.remove();
				}

			};
		}

		@Bean
		ContextValueCodec<String> tenantCodec() {
			return ContextValueCodec.ofString("tenant", "tenant");
		}

	}

	/** Records the context its body runs in. */
	public static class ContextTasks {

		static final Map<String, String> seen = new ConcurrentHashMap<>();

		@AsyncTask(name = "context.record", maxRetries = 0)
		public void record(String order) {
			seen.put(order, seen());
		}

		@AsyncTask(name = "context.failOnce", maxRetries = 1)
		public void failOnce(String order) {
			String attempt = seen.containsKey(order + "#1") ? "#2" : "#1";
			seen.put(order + attempt, seen());
			if (attempt.equals("#1")) {
				throw new IllegalStateException("first attempt of " + order + " fails");
			}
		}

		private static String seen() {
			Authentication user = SecurityContextHolder.getContext().getAuthentication();
			String thread = Thread.currentThread().getName().replaceAll("-\\d+$", "");
			return "thread=" + thread + " requestId=" + MDC.get("requestId") + " user="
					+ ((user != null) ? user.getName() + " " + user.getAuthorities() : null) + " locale="
					+ LocaleContextHolder.getLocale() + " tenant=" + TENANT.get();
		}

	}

}
