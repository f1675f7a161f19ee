package io.github.asynctask.autoconfigure.aot;

import java.util.List;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.console.AsyncTaskConsoleAutoConfiguration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.aop.SpringProxy;
import org.springframework.aop.framework.Advised;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.core.DecoratingProxy;
import org.springframework.javapoet.ClassName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs Spring's ahead-of-time processing (what {@code spring-boot:process-aot} runs
 * before a native build) over an application with the starter's auto-configuration and
 * task beans, and checks the runtime hints a native image needs: the Lua scripts, the
 * console assets, reflection on the task methods, JSON binding of their argument types,
 * and the JDK proxy of an interface-based task bean.
 */
class AsyncTaskAotProcessingTests {

	private static RuntimeHints hints;

	@BeforeAll
	static void processAheadOfTime() {
		try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
			context.register(ShopConfiguration.class);
			DefaultGenerationContext generation = new DefaultGenerationContext(
					new ClassNameGenerator(ClassName.get("com.example", "Shop")), new InMemoryGeneratedFiles());
			new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
			hints = generation.getRuntimeHints();
		}
	}

	@Test
	void keepsTheLuaScriptsAndTheConsoleAssets() {
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/asynctask/redis/scripts/enqueue.lua"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/asynctask/redis/scripts/lib.lua"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("asynctask-console/console.js")).accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("asynctask-console/views.js")).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onType(io.github.asynctask.autoconfigure.console.BrowseViews.TaskDetail.class)).accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("asynctask-console/index.html")).accepts(hints);
	}

	@Test
	void letsTheWorkerInvokeTaskMethodsByReflection() {
		// Spring's own hints for bean classes cover part of this; the interface method of
		// a
		// JDK-proxied bean is ours alone (see the proxy test).
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(ShippingTasks.class, "ship")).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(MailTasks.class, "sendReceipt"))
			.accepts(hints);
	}

	@Test
	void letsJacksonReadTheArgumentTypesIncludingGenericOnes() {
		assertThat(RuntimeHintsPredicates.reflection().onType(Parcel.class)).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Parcel.class, "weight")).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onType(Address.class))
			.as("the element type of a List<Address> parameter")
			.accepts(hints);
	}

	@Test
	void registersTheJdkProxyOfAnInterfaceBasedTaskBean() {
		assertThat(RuntimeHintsPredicates.proxies()
			.forInterfaces(Mailer.class, SpringProxy.class, Advised.class, DecoratingProxy.class)).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Mailer.class, "sendReceipt")).accepts(hints);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class,
			AsyncTaskConsoleAutoConfiguration.class })
	static class ShopConfiguration {

		@Bean
		ShippingTasks shippingTasks() {
			return new ShippingTasks();
		}

		@Bean
		MailTasks mailTasks() {
			return new MailTasks();
		}

	}

	public record Parcel(String id, int weight) {
	}

	public record Address(String street, String city) {
	}

	public static class ShippingTasks {

		@AsyncTask(name = "aot.ship")
		public void ship(Parcel parcel, List<Address> stops) {
		}

	}

	public interface Mailer {

		void sendReceipt(String orderId);

	}

	@AsyncTask(queue = "mail")
	public static class MailTasks implements Mailer {

		@Override
		public void sendReceipt(String orderId) {
		}

	}

}
