package io.github.asynctask.autoconfigure.console;

import io.github.asynctask.autoconfigure.endpoint.AsyncTaskEndpoint;
import io.github.asynctask.autoconfigure.endpoint.AsyncTaskEndpointAutoConfiguration;
import io.github.asynctask.history.HistoryRecorder;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.TaskPages;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

class AsyncTaskConsoleAutoConfigurationTests {

	// Never started: these tests only look at which beans exist.
	private final RedisBroker broker = new LuaRedisBroker(new LettuceConnectionFactory(), new RedisKeys("t"));

	private final AutoConfigurations configurations = AutoConfigurations.of(AsyncTaskConsoleAutoConfiguration.class,
			AsyncTaskEndpointAutoConfiguration.class);

	private final WebApplicationContextRunner web = new WebApplicationContextRunner()
		.withConfiguration(this.configurations)
		.withBean(RedisBroker.class, () -> this.broker);

	@Test
	void operationsExistWheneverThereIsABrokerButTheWebConsoleIsOffByDefault() {
		this.web.run((context) -> assertThat(context).hasSingleBean(TaskOperations.class)
			.hasSingleBean(ProcessedCounter.class)
			.doesNotHaveBean(ConsoleApiController.class)
			.doesNotHaveBean(ConsolePageController.class)
			.doesNotHaveBean(ConsoleAssets.class));
	}

	@Test
	void webConsoleIsServedWhenEnabled() {
		this.web.withPropertyValues("async-task.console.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(ConsoleApiController.class)
				.hasSingleBean(ConsolePageController.class)
				.hasSingleBean(ConsoleAssets.class));
	}

	@Test
	void browsingBulkAndHistoryComeWithTheStartersConnectionFactoryAndKeysAndBackOffForTheUsersOwn() {
		LettuceConnectionFactory factory = new LettuceConnectionFactory();
		WebApplicationContextRunner withRedis = this.web.withBean(RedisConnectionFactory.class, () -> factory)
			.withBean(RedisKeys.class, () -> new RedisKeys("t"));
		withRedis.run((context) -> assertThat(context).hasSingleBean(TaskBrowser.class)
			.hasSingleBean(TaskActions.class)
			.hasSingleBean(HistoryRecorder.class)
			.hasSingleBean(TaskPages.class));
		TaskBrowser own = mock(TaskBrowser.class);
		withRedis.withBean("myBrowser", TaskBrowser.class, () -> own)
			.run((context) -> assertThat(context.getBean(TaskBrowser.class)).isSameAs(own));
		this.web.run((context) -> assertThat(context).doesNotHaveBean(TaskBrowser.class)
			.doesNotHaveBean(HistoryRecorder.class));
	}

	@Test
	void webConsoleBeansOfTheApplicationReplaceTheDefaultOnes() {
		ConsoleAssets assets = new ConsoleAssets("/ops");
		ConsolePageController page = new ConsolePageController("/ops");
		this.web.withPropertyValues("async-task.console.enabled=true")
			.withBean("ownAssets", ConsoleAssets.class, () -> assets)
			.withBean("ownPage", ConsolePageController.class, () -> page)
			.run((context) -> {
				assertThat(context).hasSingleBean(ConsoleAssets.class)
					.hasSingleBean(ConsolePageController.class)
					.hasSingleBean(ConsoleApiController.class);
				assertThat(context.getBean(ConsoleAssets.class)).isSameAs(assets);
				assertThat(context.getBean(ConsolePageController.class)).isSameAs(page);
			});
	}

	@Test
	void webConsoleNeedsAServletWebApplication() {
		new ApplicationContextRunner().withConfiguration(this.configurations)
			.withBean(RedisBroker.class, () -> this.broker)
			.withPropertyValues("async-task.console.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(TaskOperations.class)
				.doesNotHaveBean(ConsoleApiController.class));
	}

	@Test
	void aConsolePathThatIsNotAPlainPathFailsWithTheExpectedForm() {
		this.web.withPropertyValues("async-task.console.enabled=true", "async-task.console.path=asynctask/")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("async-task.console.path must start with '/'")
				.hasMessageContaining("'asynctask/'"));
	}

	@Test
	void nothingWithoutABroker() {
		new WebApplicationContextRunner().withConfiguration(this.configurations)
			.withPropertyValues("async-task.console.enabled=true")
			.run((context) -> assertThat(context).doesNotHaveBean(TaskOperations.class)
				.doesNotHaveBean(ConsoleApiController.class)
				.doesNotHaveBean(AsyncTaskEndpoint.class));
	}

	@Test
	void endpointIsCreatedWhenExposedAndBacksOffWithoutTheActuator() {
		this.web.withPropertyValues("management.endpoints.web.exposure.include=asynctask")
			.run((context) -> assertThat(context).hasSingleBean(AsyncTaskEndpoint.class));
		this.web.run((context) -> assertThat(context).as("not exposed").doesNotHaveBean(AsyncTaskEndpoint.class));
		this.web.withClassLoader(new FilteredClassLoader(ConditionalOnAvailableEndpoint.class))
			.withPropertyValues("management.endpoints.web.exposure.include=asynctask")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(AsyncTaskEndpoint.class));
	}

}
