package io.github.asynctask.definition;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.NoRedisConfiguration;
import io.github.asynctask.TaskTestConfiguration;
import io.github.asynctask.annotation.AsyncTask;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class TaskRegistryValidationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(TaskTestConfiguration.class, NoRedisConfiguration.class);

	@Test
	void registersTasksWithDefaultNamesQueuesAndAttributeOverrides() {
		this.runner.withBean("mailTasks", MailTasks.class).run((context) -> {
			assertThat(context).hasNotFailed();
			TaskRegistry registry = context.getBean(TaskRegistry.class);
			assertThat(registry.definitions()).extracting(TaskDefinition::name)
				.containsExactlyInAnyOrder("mail.receipt", "MailTasks.welcome");
			TaskDefinition receipt = registry.find("mail.receipt").orElseThrow();
			assertThat(receipt.queue()).isEqualTo("mail");
			assertThat(receipt.maxRetries()).isEqualTo(5);
			assertThat(receipt.timeout()).isEqualTo(Duration.ofSeconds(30));
			assertThat(receipt.dedupTtl()).isEqualTo(Duration.ofHours(24));
			assertThat(receipt.bizIdExpression()).isEqualTo("#email");
			assertThat(receipt.bean()).isSameAs(context.getBean("mailTasks"));
			TaskDefinition welcome = registry.find("MailTasks.welcome").orElseThrow();
			assertThat(welcome.queue()).isEqualTo("mail");
			assertThat(welcome.maxRetries()).isEqualTo(TaskDefaults.STANDARD.maxRetries());
			assertThat(welcome.delay()).isEqualTo(Duration.ofMinutes(15));
			assertThat(welcome.parameterTypes()).hasSize(2);
			assertThat(registry.queues()).containsExactly("mail");
			assertThat(registry.find(MailTasks.class.getMethod("welcome", String.class, List.class))).contains(welcome);
		});
	}

	@Test
	void resolvesPlaceholdersInQueueAndDurationAttributes() {
		this.runner.withBean("bean", PlaceholderTasks.class)
			.withPropertyValues("shop.mail-queue=mail-eu", "mail.delay=2m", "mail.dedup=3h")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				TaskDefinition send = context.getBean(TaskRegistry.class).find("PlaceholderTasks.send").orElseThrow();
				assertThat(send.queue()).isEqualTo("mail-eu");
				assertThat(send.timeout()).as("the default after the colon").isEqualTo(Duration.ofSeconds(30));
				assertThat(send.delay()).isEqualTo(Duration.ofMinutes(2));
				assertThat(send.dedupTtl()).isEqualTo(Duration.ofHours(3));
			});
	}

	@Test
	void refusesAPlaceholderThatDoesNotResolveAndAResolvedValueThatIsNoDuration() {
		this.runner.withBean("bean", PlaceholderTasks.class)
			.withPropertyValues("shop.mail-queue=mail-eu", "mail.timeout=soon", "mail.dedup=3h")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).isInstanceOf(InvalidTaskDefinitionException.class)
					.hasMessageContaining("Bean 'bean' method PlaceholderTasks.send(String) has delay '${mail.delay}' "
							+ "that cannot be resolved")
					.hasMessageContaining("Bean 'bean' method PlaceholderTasks.send(String) has timeout "
							+ "'${mail.timeout:30s}' (resolved to 'soon') that is not a duration");
			});
	}

	@Test
	void refusesANonVoidTaskMethod() {
		assertRefused(ReturnsValue.class, "Bean 'bean' method ReturnsValue.total(int) returns java.lang.String; "
				+ "a task method must return void");
	}

	@Test
	void refusesDuplicateTaskNamesAcrossBeans() {
		this.runner.withBean("first", SameNameA.class).withBean("second", SameNameB.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(InvalidTaskDefinitionException.class)
				.hasMessageContaining("Task name 'shared' is used by 'first' method SameNameA.run (task 'shared') "
						+ "and by 'second' method SameNameB.run (task 'shared')")
				.hasMessageContaining("set @AsyncTask(name = \"...\")");
		});
	}

	@Test
	void refusesOverloadsWithoutDistinctNames() {
		assertRefused(Overloads.class, "Task name 'Overloads.send' is used by 'bean' method Overloads.send",
				"overloads need distinct names");
	}

	@Test
	void refusesABizIdThatIsNotSpel() {
		assertRefused(BadSpel.class, "Bean 'bean' method BadSpel.run(String) has bizId '#id.(' that is not valid SpEL");
	}

	@Test
	void refusesDurationsThatAreNotDurations() {
		assertRefused(BadDurations.class, "BadDurations.run() has timeout 'soon' that is not a duration",
				"BadDurations.run() has delay '5 minutes' that is not a duration");
	}

	@Test
	void refusesParameterTypesJacksonCannotReadBack() {
		assertRefused(BadParameter.class,
				"Bean 'bean' method BadParameter.run parameter 0 ('job', java.lang.Runnable) cannot be read back by "
						+ "Jackson");
	}

	@Test
	void refusesTypesThatWouldLoadOrRunCodeWhereverTheyAppearInAParameter() {
		assertRefused(ClassParameter.class,
				"Bean 'bean' method ClassParameter.run parameter 0 ('type', java.lang.Class<?>) holds java.lang.Class",
				"pass a name or id (a String or an enum) instead and map it to the class or object in the task body");
		assertRefused(ReflectionParameters.class,
				"parameter 0 ('loader', java.lang.ClassLoader) holds java.lang.ClassLoader",
				"parameter 1 ('method', java.lang.reflect.Method) holds java.lang.reflect.Method",
				"parameter 2 ('field', java.lang.reflect.Field) holds java.lang.reflect.Field",
				"parameter 3 ('constructor', java.lang.reflect.Constructor<?>) holds java.lang.reflect.Constructor",
				"parameter 4 ('thread', java.lang.Thread) holds java.lang.Thread");
		assertRefused(NestedClassParameters.class, "parameter 0 ('types', java.util.List<java.lang.Class<?>>)",
				"parameter 1 ('array', java.lang.Class<?>[])",
				"parameter 2 ('keys', java.util.Map<java.lang.Class<?>, java.lang.String>)",
				"parameter 3 ('maybe', java.util.Optional<java.lang.Class<?>>)",
				"parameter 4 ('command', io.github.asynctask.definition.TaskRegistryValidationTests$Command) holds "
						+ "java.lang.Class",
				"parameter 5 ('job', io.github.asynctask.definition.TaskRegistryValidationTests$JobBean) holds "
						+ "java.lang.Class",
				"parameter 6 ('commands', java.util.List<io.github.asynctask.definition.TaskRegistryValidationTests$Wrapper>) "
						+ "holds java.lang.Class");
	}

	@Test
	void refusesMethodsTheProxyCannotIntercept() {
		assertRefused(FinalMethod.class,
				"Bean 'bean' method FinalMethod.run() is public final; a task method must be public, non-static and "
						+ "non-final");
	}

	@Test
	void refusesAnInvalidQueueName() {
		assertRefused(BadQueue.class, "Bean 'bean' method BadQueue.run() has an invalid queue: Queue name 'a b'");
	}

	private void assertRefused(Class<?> beanClass, String... messages) {
		this.runner.withBean("bean", beanClass).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(InvalidTaskDefinitionException.class)
				.hasMessageContainingAll(messages);
		});
	}

	@AsyncTask(queue = "mail")
	public static class MailTasks {

		@AsyncTask(name = "mail.receipt", maxRetries = 5, timeout = "30s", bizId = "#email", dedupTtl = "24h")
		public void receipt(String email) {
		}

		@AsyncTask(delay = "15m")
		public void welcome(String email, List<String> tags) {
		}

		void notATask() {
		}

		protected void alsoNotATask() {
		}

	}

	public static class ReturnsValue {

		@AsyncTask
		public String total(int value) {
			return "";
		}

	}

	public static class SameNameA {

		@AsyncTask(name = "shared")
		public void run() {
		}

	}

	public static class SameNameB {

		@AsyncTask(name = "shared")
		public void run() {
		}

	}

	@AsyncTask
	public static class Overloads {

		public void send(String to) {
		}

		public void send(String to, String cc) {
		}

	}

	public static class BadSpel {

		@AsyncTask(bizId = "#id.(")
		public void run(String id) {
		}

	}

	public static class PlaceholderTasks {

		@AsyncTask(queue = "${shop.mail-queue}", timeout = "${mail.timeout:30s}", delay = "${mail.delay}",
				dedupTtl = "${mail.dedup}")
		public void send(String to) {
		}

	}

	public static class BadDurations {

		@AsyncTask(timeout = "soon", delay = "5 minutes")
		public void run() {
		}

	}

	public static class BadParameter {

		@AsyncTask
		public void run(Runnable job) {
		}

	}

	public static class ClassParameter {

		@AsyncTask
		public void run(Class<?> type) {
		}

	}

	public static class ReflectionParameters {

		@AsyncTask
		public void run(ClassLoader loader, java.lang.reflect.Method method, java.lang.reflect.Field field,
				java.lang.reflect.Constructor<?> constructor, Thread thread) {
		}

	}

	public static class NestedClassParameters {

		@AsyncTask
		public void run(List<Class<?>> types, Class<?>[] array, java.util.Map<Class<?>, String> keys,
				java.util.Optional<Class<?>> maybe, Command command, JobBean job, List<Wrapper> commands) {
		}

	}

	public record Command(String name, Class<?> handler) {
	}

	public record Wrapper(Command command) {
	}

	public static class JobBean {

		private Class<?> handler;

		public Class<?> getHandler() {
			return this.handler;
		}

		public void setHandler(Class<?> handler) {
			this.handler = handler;
		}

	}

	public static class FinalMethod {

		@AsyncTask
		public final void run() {
		}

	}

	public static class BadQueue {

		@AsyncTask(queue = "a b")
		public void run() {
		}

	}

}
