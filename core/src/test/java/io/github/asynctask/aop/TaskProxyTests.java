package io.github.asynctask.aop;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.NoRedisConfiguration;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskTestConfiguration;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.aop.support.AopUtils;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The proxy side without Redis: calls of task methods are captured (never run inline),
 * other methods run directly, and the worker's bypass runs exactly one body.
 */
class TaskProxyTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(TaskTestConfiguration.class, NoRedisConfiguration.class, TransactionConfiguration.class)
		.withBean("reportTasks", ReportTasks.class)
		.withBean("greeter", Greeter.class, GreeterImpl::new);

	@Test
	void aTaskCallIsCapturedWithItsArgumentsAndTheBodyDoesNotRun() {
		this.runner.run((context) -> {
			ReportTasks tasks = context.getBean(ReportTasks.class);
			assertThat(AopUtils.isCglibProxy(tasks)).isTrue();
			CallCapture.CapturedCall call = CallCapture.capture(() -> tasks.build("monthly", 3));
			assertThat(call.definition().name()).isEqualTo("ReportTasks.build");
			assertThat(call.args()).containsExactly("monthly", 3);
			assertThat(tasks.runs()).isEmpty();
		});
	}

	@Test
	void aMethodThatIsNotATaskRunsDirectly() {
		this.runner.run((context) -> {
			ReportTasks tasks = context.getBean(ReportTasks.class);
			assertThat(tasks.describe()).isEqualTo("reports");
			assertThat(context.getBean(TaskRegistry.class).definitions()).extracting(TaskDefinition::name)
				.containsExactlyInAnyOrder("ReportTasks.build", "ReportTasks.archive", "GreeterImpl.greet");
		});
	}

	@Test
	void repeatedCallsKeepEachMethodItsOwnTaskAndNonTasksRunEveryTime() {
		this.runner.run((context) -> {
			ReportTasks tasks = context.getBean(ReportTasks.class);
			for (int i = 0; i < 3; i++) {
				assertThat(CallCapture.capture(() -> tasks.build("weekly", 1)).definition().name())
					.isEqualTo("ReportTasks.build");
				assertThat(CallCapture.capture(() -> tasks.archive("weekly")).definition().name())
					.isEqualTo("ReportTasks.archive");
				assertThat(tasks.describe()).isEqualTo("reports");
			}
			assertThat(tasks.runs()).isEmpty();
		});
	}

	@Test
	void aTaskMethodOfABeanTheRegistryDoesNotKnowIsRefusedOnEveryCall() {
		this.runner
			.withBean("oneOff", OneOffTasks.class, OneOffTasks::new, (definition) -> definition.setScope("prototype"))
			.run((context) -> {
				OneOffTasks tasks = context.getBean(OneOffTasks.class);
				for (int i = 0; i < 2; i++) {
					assertThatIllegalStateException().isThrownBy(() -> tasks.send("x"))
						.withMessageContaining("OneOffTasks.send is an @AsyncTask method but its bean is not "
								+ "registered as a task");
				}
			});
	}

	@Test
	void interfaceBasedBeansGetAJdkProxyAndWorkTheSame() {
		this.runner.run((context) -> {
			Greeter greeter = context.getBean(Greeter.class);
			assertThat(AopUtils.isJdkDynamicProxy(greeter)).isTrue();
			CallCapture.CapturedCall call = CallCapture.capture(() -> greeter.greet("ada"));
			assertThat(call.definition().name()).isEqualTo("GreeterImpl.greet");
			TaskBodyInvoker invoker = context.getBean(TaskBodyInvoker.class);
			invoker.invoke(call.definition(), call.args());
			assertThat(((GreeterImpl) AopTestUtilsAccess.target(greeter)).greeted).containsExactly("ada");
		});
	}

	@Test
	void theBypassRunsOneBodyInsideItsTransactionAndNestedTaskCallsAreSubmitted() {
		this.runner.run((context) -> {
			ReportTasks tasks = context.getBean(ReportTasks.class);
			TaskDefinition build = context.getBean(TaskRegistry.class).find("ReportTasks.build").orElseThrow();
			TaskBodyInvoker invoker = context.getBean(TaskBodyInvoker.class);
			CallCapture.CapturedCall nested = CallCapture.capture(() -> {
				try {
					invoker.invoke(build, new Object[] { "weekly", 1 });
				}
				catch (Throwable ex) {
					throw new IllegalStateException(ex);
				}
			});
			assertThat(tasks.runs()).containsExactly("weekly:1:tx=true");
			assertThat(nested.definition().name()).isEqualTo("ReportTasks.archive");
			assertThat(nested.args()).containsExactly("weekly");
			// the token was used up: the next call is captured again, the body does not
			// run
			CallCapture.capture(() -> tasks.build("daily", 2));
			assertThat(tasks.runs()).hasSize(1);
		});
	}

	@Test
	void theTemplateNeedsExactlyOneTaskCall() {
		this.runner.run((context) -> {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			ReportTasks tasks = context.getBean(ReportTasks.class);
			assertThatIllegalArgumentException().isThrownBy(() -> template.submit(TaskOptions.defaults(), () -> {
			})).withMessageContaining("exactly one call of an @AsyncTask method").withMessageContaining("made 0");
			assertThatIllegalArgumentException().isThrownBy(() -> template.submit(TaskOptions.defaults(), () -> {
				tasks.build("a", 1);
				tasks.archive("b");
			}))
				.withMessageContaining("made 2 [ReportTasks.build, ReportTasks.archive]")
				.withMessageContaining("nothing was submitted");
			assertThat(tasks.runs()).isEmpty();
		});
	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	static class TransactionConfiguration {

		@Bean
		DataSource dataSource() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).generateUniqueName(true).build();
		}

		@Bean
		PlatformTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

	}

	@AsyncTask
	public static class ReportTasks {

		final List<String> runs = new ArrayList<>();

		private ReportTasks self;

		@org.springframework.beans.factory.annotation.Autowired
		void setSelf(@org.springframework.context.annotation.Lazy ReportTasks self) {
			this.self = self;
		}

		@Transactional
		public void build(String name, int copies) {
			this.runs.add(name + ":" + copies + ":tx=" + TransactionSynchronizationManager.isActualTransactionActive());
			this.self.archive(name);
		}

		public void archive(String name) {
			this.runs.add("archived " + name);
		}

		List<String> runs() {
			return this.runs;
		}

		String describe() {
			return "reports";
		}

	}

	public static class OneOffTasks {

		@AsyncTask
		public void send(String what) {
		}

	}

	public interface Greeter {

		@AsyncTask
		void greet(String name);

	}

	static class GreeterImpl implements Greeter {

		final List<String> greeted = new ArrayList<>();

		@Override
		public void greet(String name) {
			this.greeted.add(name);
		}

	}

	static final class AopTestUtilsAccess {

		static Object target(Object proxy) {
			return org.springframework.test.util.AopTestUtils.getUltimateTargetObject(proxy);
		}

	}

}
