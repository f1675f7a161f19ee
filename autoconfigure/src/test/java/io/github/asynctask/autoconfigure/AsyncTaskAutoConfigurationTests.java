package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.BackoffPolicy;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskProperties.Backoff.Policy;
import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisEnvironmentCheck;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.redis.shard.ShardedWakeSignals;
import io.github.asynctask.redis.wake.WakeSignals;
import io.github.asynctask.worker.WorkerSettings;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Tests for {@link AsyncTaskAutoConfiguration}. No Redis runs here: Spring Boot's
 * connection factory connects lazily, and workers started here only log that they cannot
 * register their queues.
 */
class AsyncTaskAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class));

	@Test
	void defaultsMatchTheDocumentedConfiguration() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(AsyncTaskProperties.class)
				.hasSingleBean(RedisKeys.class)
				.hasSingleBean(RedisBroker.class)
				.hasSingleBean(WakeSignals.class);
			assertThat(context.getBean(RedisBroker.class)).isInstanceOf(ShardedRedisBroker.class);
			assertThat(context.getBean(WakeSignals.class)).isInstanceOf(ShardedWakeSignals.class);
			assertThat(context.getBean(ShardedRedisBroker.class).layout().configured("default")).isEqualTo(1);
			assertThat(context.getBean(RedisBroker.class).keys()).isSameAs(context.getBean(RedisKeys.class));
			AsyncTaskProperties properties = context.getBean(AsyncTaskProperties.class);
			assertThat(properties.isEnabled()).isTrue();
			assertThat(properties.getKeyPrefix()).isEqualTo("asynctask");
			assertThat(properties.getMaxPayloadSize()).isEqualTo(DataSize.ofMegabytes(1));
			assertThat(properties.isStrictRedis()).isFalse();
			assertThat(properties.getLease()).isEqualTo(Duration.ofSeconds(30));
			assertThat(properties.getShutdownTimeout()).isEqualTo(Duration.ofSeconds(25));
			assertThat(properties.getQueues()).isEmpty();
			assertThat(properties.getWorker().isEnabled()).isTrue();
			assertThat(properties.getWorker().getConcurrency()).isEqualTo(8);
			assertThat(properties.getWorker().getPollInterval()).isEqualTo(Duration.ofSeconds(2));
			assertThat(properties.getWorker().getHeartbeatInterval()).as("unset: a third of the lease").isNull();
			assertThat(properties.getDefaults().getMaxRetries()).isEqualTo(25);
			assertThat(properties.getDefaults().getTimeout()).isEqualTo(Duration.ofMinutes(30));
			assertThat(properties.getDefaults().getDedupTtl()).isEqualTo(Duration.ofHours(24));
			assertThat(properties.getDefaults().getBackoff().getPolicy()).isEqualTo(Policy.POLYNOMIAL);
			assertThat(properties.getDefaults().getBackoff().getDelay()).isEqualTo(Duration.ofSeconds(1));
			assertThat(properties.getDefaults().getBackoff().getMultiplier()).isEqualTo(2.0);
			assertThat(properties.getDefaults().getBackoff().getMaxDelay()).isEqualTo(Duration.ofHours(1));
			assertThat(properties.getRetention().getCompleted()).isEqualTo(Duration.ZERO);
			assertThat(properties.getRetention().getDead()).isEqualTo(Duration.ofDays(7));
			assertThat(properties.getRetention().getDeadMax()).isEqualTo(10_000);
			assertThat(properties.getRetention().getCompletedIds()).isEqualTo(Duration.ofHours(1));
			assertThat(properties.getWorker().getUnknownTaskGrace()).isEqualTo(Duration.ofHours(1));
			assertThat(properties.getConsole().isEnabled()).isFalse();
			assertThat(properties.getConsole().getPath()).isEqualTo("/asynctask");
			assertThat(properties.getConsole().isShowArguments()).isTrue();
			assertThat(context.getBean(RedisKeys.class).prefix()).isEqualTo("asynctask");
			assertThat(context.getBean(AsyncTaskWorkers.class).container()).as("no task method, no queue listed")
				.isEmpty();
			WorkerSettings worker = WorkerSettingsMapper.workerSettings(properties, Map.of("default", 8),
					ShutdownBudget.DEFAULT_PHASE_TIMEOUT);
			assertThat(worker.lease()).isEqualTo(Duration.ofSeconds(30));
			assertThat(worker.heartbeatInterval()).isEqualTo(Duration.ofSeconds(10));
			assertThat(worker.pollInterval()).isEqualTo(Duration.ofSeconds(2));
			assertThat(worker.shutdownTimeout()).isEqualTo(Duration.ofSeconds(25));
			assertThat(worker.retention())
				.isEqualTo(new WorkerSettings.Retention(Duration.ZERO, Duration.ofDays(7), 10_000));
			assertThat(worker.unknownTaskGrace()).isEqualTo(Duration.ofHours(1));
			assertThat(context).hasSingleBean(BackoffPolicy.class);
		});
	}

	@Test
	void everyPropertyIsBound() {
		this.contextRunner
			.withPropertyValues("async-task.enabled=true", "async-task.key-prefix=shop",
					"async-task.max-payload-size=256KB", "async-task.strict-redis=true", "async-task.lease=45s",
					"async-task.shutdown-timeout=1m", "spring.lifecycle.timeout-per-shutdown-phase=2m",
					"async-task.queues.default.concurrency=2", "async-task.queues.mail.concurrency=4",
					"async-task.queues.mail.enabled=true", "async-task.queues.mail.shards=6",
					"async-task.queues.archive.enabled=false", "async-task.worker.enabled=true",
					"async-task.worker.concurrency=3", "async-task.worker.poll-interval=500ms",
					"async-task.worker.heartbeat-interval=15s", "async-task.defaults.max-retries=3",
					"async-task.defaults.timeout=5m", "async-task.defaults.dedup-ttl=2h",
					"async-task.defaults.backoff.policy=exponential", "async-task.defaults.backoff.delay=2s",
					"async-task.defaults.backoff.multiplier=3.5", "async-task.defaults.backoff.max-delay=10m",
					"async-task.retention.completed=1h", "async-task.retention.dead=14d",
					"async-task.retention.dead-max=50", "async-task.retention.completed-ids=2h",
					"async-task.worker.unknown-task-grace=3m", "async-task.console.enabled=true",
					"async-task.console.path=/ops/tasks", "async-task.console.show-arguments=false")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				AsyncTaskProperties properties = context.getBean(AsyncTaskProperties.class);
				assertThat(properties.isEnabled()).isTrue();
				assertThat(properties.getKeyPrefix()).isEqualTo("shop");
				assertThat(properties.getMaxPayloadSize()).isEqualTo(DataSize.ofKilobytes(256));
				assertThat(properties.isStrictRedis()).isTrue();
				assertThat(properties.getLease()).isEqualTo(Duration.ofSeconds(45));
				assertThat(properties.getShutdownTimeout()).isEqualTo(Duration.ofMinutes(1));
				assertThat(properties.getQueues()).containsOnlyKeys("default", "mail", "archive");
				assertThat(properties.getQueues().get("default").getConcurrency()).isEqualTo(2);
				assertThat(properties.getQueues().get("mail").getConcurrency()).isEqualTo(4);
				assertThat(properties.getQueues().get("mail").isEnabled()).isTrue();
				assertThat(properties.getQueues().get("mail").getShards()).isEqualTo(6);
				assertThat(properties.getQueues().get("default").getShards()).isEqualTo(1);
				assertThat(context.getBean(ShardedRedisBroker.class).layout().configured("mail")).isEqualTo(6);
				assertThat(properties.getQueues().get("archive").isEnabled()).isFalse();
				assertThat(properties.getWorker().isEnabled()).isTrue();
				assertThat(properties.getWorker().getConcurrency()).isEqualTo(3);
				assertThat(properties.getWorker().getPollInterval()).isEqualTo(Duration.ofMillis(500));
				assertThat(properties.getWorker().getHeartbeatInterval()).isEqualTo(Duration.ofSeconds(15));
				assertThat(properties.getDefaults().getMaxRetries()).isEqualTo(3);
				assertThat(properties.getDefaults().getTimeout()).isEqualTo(Duration.ofMinutes(5));
				assertThat(properties.getDefaults().getDedupTtl()).isEqualTo(Duration.ofHours(2));
				assertThat(properties.getDefaults().getBackoff().getPolicy()).isEqualTo(Policy.EXPONENTIAL);
				assertThat(properties.getDefaults().getBackoff().getDelay()).isEqualTo(Duration.ofSeconds(2));
				assertThat(properties.getDefaults().getBackoff().getMultiplier()).isEqualTo(3.5);
				assertThat(properties.getDefaults().getBackoff().getMaxDelay()).isEqualTo(Duration.ofMinutes(10));
				assertThat(properties.getRetention().getCompleted()).isEqualTo(Duration.ofHours(1));
				assertThat(properties.getRetention().getDead()).isEqualTo(Duration.ofDays(14));
				assertThat(properties.getRetention().getDeadMax()).isEqualTo(50);
				assertThat(properties.getRetention().getCompletedIds()).isEqualTo(Duration.ofHours(2));
				assertThat(properties.getWorker().getUnknownTaskGrace()).isEqualTo(Duration.ofMinutes(3));
				assertThat(properties.getConsole().isEnabled()).isTrue();
				assertThat(properties.getConsole().getPath()).isEqualTo("/ops/tasks");
				assertThat(properties.getConsole().isShowArguments()).isFalse();
				assertThat(context.getBean(RedisKeys.class).prefix()).isEqualTo("shop");
				WorkerSettings worker = startedSettings(context);
				assertThat(worker.concurrencyByQueue()).containsOnly(entry("default", 2), entry("mail", 4));
				assertThat(worker.lease()).isEqualTo(Duration.ofSeconds(45));
				assertThat(worker.heartbeatInterval()).isEqualTo(Duration.ofSeconds(15));
				assertThat(worker.pollInterval()).isEqualTo(Duration.ofMillis(500));
				assertThat(worker.shutdownTimeout()).isEqualTo(Duration.ofMinutes(1));
				assertThat(worker.retention())
					.isEqualTo(new WorkerSettings.Retention(Duration.ofHours(1), Duration.ofDays(14), 50));
				assertThat(worker.unknownTaskGrace()).isEqualTo(Duration.ofMinutes(3));
				BackoffPolicy backoff = context.getBean(BackoffPolicy.class);
				assertThat(backoff.nextDelay("t", 1, new IllegalStateException())).isBetween(Duration.ofSeconds(2),
						Duration.ofMillis(2200));
				assertThat(backoff.nextDelay("t", 2, new IllegalStateException())).isBetween(Duration.ofSeconds(7),
						Duration.ofMillis(7700));
				assertThat(backoff.nextDelay("t", 10, new IllegalStateException())).isEqualTo(Duration.ofMinutes(10));
			});
	}

	@Test
	void everyApplicationContextProxiesATaskBeanWithOneAndTheSameGeneratedClass() {
		// a class per context would be generated and loaded by every context of the JVM
		// (a test suite caching several), each invalidating the code the JIT compiled
		// for the task path through the previous one
		List<Class<?>> proxyClasses = new ArrayList<>();
		for (int i = 0; i < 2; i++) {
			this.contextRunner.withBean(AccountTasks.class).run((context) -> {
				AccountTasks tasks = context.getBean(AccountTasks.class);
				assertThat(AopUtils.isCglibProxy(tasks)).isTrue();
				proxyClasses.add(tasks.getClass());
			});
		}
		assertThat(proxyClasses.get(1)).isSameAs(proxyClasses.get(0));
	}

	@Test
	void everyQueueWithTaskMethodsIsServedWithTheWorkerConcurrency() {
		this.contextRunner.withBean(AccountTasks.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(startedSettings(context).concurrencyByQueue()).containsExactly(entry("acc", 8),
					entry("default", 8));
		});
	}

	@Test
	void listingOneQueueKeepsServingTheOthers() {
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("async-task.queues.acc.concurrency=2", "async-task.queues.mail.concurrency=4",
					"async-task.worker.concurrency=3")
			.run((context) -> assertThat(startedSettings(context).concurrencyByQueue()).containsExactly(entry("acc", 2),
					entry("default", 3), entry("mail", 4)));
	}

	@Test
	void aDisabledQueueIsLeftToOtherInstances() {
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("async-task.queues.acc.enabled=false")
			.run((context) -> assertThat(startedSettings(context).concurrencyByQueue())
				.containsExactly(entry("default", 8)));
	}

	@Test
	void disablingEveryQueueServesNone() {
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("async-task.queues.acc.enabled=false", "async-task.queues.default.enabled=false")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(AsyncTaskWorkers.class).container()).isEmpty();
				assertThat(context.getBean(AsyncTaskWorkers.class).busyThreads()).isEmpty();
			});
	}

	@Test
	void theWorkersWaitForRunningTasksFitsInBootsShutdownPhase() {
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("spring.lifecycle.timeout-per-shutdown-phase=40s", "async-task.shutdown-timeout=1m")
			.run((context) -> assertThat(startedSettings(context).shutdownTimeout()).isEqualTo(Duration.ofSeconds(35)));
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("spring.lifecycle.timeout-per-shutdown-phase=8s", "async-task.shutdown-timeout=1m")
			.run((context) -> assertThat(startedSettings(context).shutdownTimeout()).as("a quarter kept")
				.isEqualTo(Duration.ofSeconds(6)));
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("spring.lifecycle.timeout-per-shutdown-phase=2m", "async-task.shutdown-timeout=1m")
			.run((context) -> assertThat(startedSettings(context).shutdownTimeout()).isEqualTo(Duration.ofMinutes(1)));
	}

	@Test
	void anApplicationWorkerSettingsBeanReplacesTheProperties() {
		WorkerSettings custom = WorkerSettings.builder(Map.of("custom", 1)).build();
		this.contextRunner.withBean(AccountTasks.class)
			.withBean(WorkerSettings.class, () -> custom)
			.run((context) -> assertThat(startedSettings(context)).isSameAs(custom));
	}

	@Test
	void theHeartbeatIntervalDefaultsToAThirdOfTheLease() {
		this.contextRunner.withBean(AccountTasks.class).withPropertyValues("async-task.lease=3s").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(startedSettings(context).lease()).isEqualTo(Duration.ofSeconds(3));
			assertThat(startedSettings(context).heartbeatInterval()).isEqualTo(Duration.ofSeconds(1));
		});
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("async-task.lease=20s")
			.run((context) -> assertThat(startedSettings(context).heartbeatInterval())
				.isEqualTo(Duration.ofSeconds(20).dividedBy(3)));
	}

	@Test
	void anExplicitHeartbeatIntervalOfAtMostAThirdOfTheLeaseIsKept() {
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("async-task.lease=3s", "async-task.worker.heartbeat-interval=500ms")
			.run((context) -> assertThat(startedSettings(context).heartbeatInterval())
				.isEqualTo(Duration.ofMillis(500)));
	}

	@Test
	void aHeartbeatIntervalAboveAThirdOfTheLeaseIsRefusedNamingTheKey() {
		this.contextRunner.withPropertyValues("async-task.lease=3s", "async-task.worker.heartbeat-interval=2s")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("async-task.worker.heartbeat-interval must be at most a third of "
							+ "async-task.lease (PT3S) but was PT2S");
			});
	}

	@Test
	void backsOffWhenTheApplicationDefinesItsOwnBeans() {
		this.contextRunner.withUserConfiguration(CustomBeansConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(RedisKeys.class)
				.hasSingleBean(RedisBroker.class)
				.hasSingleBean(WakeSignals.class);
			assertThat(context.getBean(RedisKeys.class)).isSameAs(context.getBean("customKeys"));
			assertThat(context.getBean(RedisBroker.class)).isSameAs(context.getBean("customBroker"));
			assertThat(context.getBean(WakeSignals.class)).isSameAs(context.getBean("customWakeSignals"));
			assertThat(context.getBean(RedisBroker.class).keys().prefix()).isEqualTo("custom");
		});
	}

	@Test
	void enabledFalseSwitchesEverythingOff() {
		this.contextRunner.withPropertyValues("async-task.enabled=false").run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(RedisConnectionFactory.class)
				.doesNotHaveBean(AsyncTaskProperties.class)
				.doesNotHaveBean(RedisKeys.class)
				.doesNotHaveBean(RedisBroker.class)
				.doesNotHaveBean(WakeSignals.class)
				.doesNotHaveBean(WorkerConfiguration.class);
		});
	}

	@Test
	void backsOffWhenSpringDataRedisIsNotOnTheClasspath() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AsyncTaskAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(RedisConnectionFactory.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(AsyncTaskProperties.class)
				.doesNotHaveBean(RedisKeys.class)
				.doesNotHaveBean(RedisBroker.class));
	}

	@Test
	void backsOffWhenNoRedisConnectionFactoryIsDefined() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AsyncTaskAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(AsyncTaskProperties.class)
				.doesNotHaveBean(RedisKeys.class)
				.doesNotHaveBean(RedisBroker.class));
	}

	@Test
	void workerSideIsOnByDefault() {
		this.contextRunner.withPropertyValues("async-task.worker.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(WorkerConfiguration.class)
				.hasSingleBean(WakeSignals.class));
	}

	@Test
	void aWorkingInstanceHasTheScheduleRunnerAndMaxCatchUpIsValidated() {
		this.contextRunner.withBean(AccountTasks.class)
			.run((context) -> assertThat(context).hasSingleBean(io.github.asynctask.schedule.ScheduleRunner.class));
		this.contextRunner.withPropertyValues("async-task.schedules.max-catch-up=0")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("async-task.schedules.max-catch-up")
				.hasMessageContaining("must be at least 1 but was 0"));
	}

	@Test
	void maxCatchUpSitsBesideThePerTaskOverridesUnderSchedules() {
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("async-task.schedules.max-catch-up=5",
					"async-task.schedules[reports.nightly].cron=0 0 3 * * *",
					"async-task.schedules.audit.enabled=false")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(ScheduleProperties.class).getMaxCatchUp()).isEqualTo(5);
				assertThat(ScheduleConfiguration.overrides(context.getBean(AsyncTaskProperties.class)))
					.containsOnlyKeys("reports.nightly", "audit");
			});
		this.contextRunner.withPropertyValues("async-task.schedules.audit=false")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("async-task.schedules.audit is not a setting")
				.hasMessageContaining("async-task.schedules.audit.cron"));
	}

	@Test
	void producerOnlyModeKeepsTheSubmitSideAndDropsTheWorkerSide() {
		this.contextRunner.withBean(AccountTasks.class)
			.withPropertyValues("async-task.worker.enabled=false")
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(RedisKeys.class)
					.hasSingleBean(RedisBroker.class)
					.doesNotHaveBean(WakeSignals.class)
					.doesNotHaveBean(AsyncTaskWorkers.class)
					.doesNotHaveBean(BackoffPolicy.class)
					.doesNotHaveBean(WorkerConfiguration.class)
					.doesNotHaveBean(io.github.asynctask.schedule.ScheduleRunner.class);
				assertThat(context.getBean(AsyncTaskProperties.class).getWorker().isEnabled()).isFalse();
			});
	}

	@Test
	void fixedBackoffWaitsTheDelayEveryTime() {
		this.contextRunner
			.withPropertyValues("async-task.defaults.backoff.policy=fixed", "async-task.defaults.backoff.delay=5s")
			.run((context) -> {
				BackoffPolicy backoff = context.getBean(BackoffPolicy.class);
				assertThat(backoff.nextDelay("t", 1, new IllegalStateException())).isEqualTo(Duration.ofSeconds(5));
				assertThat(backoff.nextDelay("t", 7, new IllegalStateException())).isEqualTo(Duration.ofSeconds(5));
			});
	}

	@Test
	void polynomialBackoffIsTheDefault() {
		this.contextRunner.run((context) -> {
			BackoffPolicy backoff = context.getBean(BackoffPolicy.class);
			// 1^4 + 15 + rand(30) * 2 seconds
			assertThat(backoff.nextDelay("t", 1, new IllegalStateException())).isBetween(Duration.ofSeconds(16),
					Duration.ofSeconds(16 + 29 * 2));
		});
	}

	@Test
	void anApplicationBackoffPolicyReplacesTheConfiguredOne() {
		this.contextRunner.withBean("customBackoff", BackoffPolicy.class, () -> (task, attempt, error) -> Duration.ZERO)
			.run((context) -> assertThat(context).getBean(BackoffPolicy.class)
				.isSameAs(context.getBean("customBackoff")));
	}

	@ParameterizedTest(name = "{0} is refused")
	@CsvSource(delimiter = '|',
			textBlock = """
					async-task.queues.mail.concurrency=0   | async-task.queues.mail.concurrency must be at least 1 but was 0
					async-task.queues.mail.concurrency=-2  | async-task.queues.mail.concurrency must be at least 1 but was -2
					async-task.queues.mail.shards=0        | async-task.queues.mail.shards must be within 1..1024 but was 0
					async-task.queues.mail.shards=1025     | async-task.queues.mail.shards must be within 1..1024 but was 1025
					async-task.queues[mail#2].concurrency=1 | async-task.queues.mail#2 ends in '#<digits>', which names a shard of queue 'mail'
					async-task.worker.heartbeat-interval=11s | async-task.worker.heartbeat-interval must be at most a third of async-task.lease (PT30S) but was PT11S
					async-task.worker.concurrency=0        | async-task.worker.concurrency must be at least 1 but was 0
					async-task.worker.concurrency=-1       | async-task.worker.concurrency must be at least 1 but was -1
					async-task.lease=0s                    | async-task.lease must be positive but was PT0S
					async-task.worker.heartbeat-interval=0 | async-task.worker.heartbeat-interval must be positive but was PT0S
					async-task.worker.poll-interval=-1s    | async-task.worker.poll-interval must be positive but was PT-1S
					async-task.key-prefix={x}              | async-task.key-prefix must be a non-blank string without braces but was '{x}'
					async-task.max-payload-size=0B         | async-task.max-payload-size must be positive but was 0B
					async-task.shutdown-timeout=-1s        | async-task.shutdown-timeout must not be negative but was PT-1S
					async-task.defaults.max-retries=-1     | async-task.defaults.max-retries must be 0 (never retry) or more but was -1
					async-task.defaults.timeout=0s         | async-task.defaults.timeout must be positive but was PT0S
					async-task.defaults.dedup-ttl=0s       | async-task.defaults.dedup-ttl must be positive but was PT0S
					async-task.defaults.backoff.delay=0s   | async-task.defaults.backoff.delay must be positive but was PT0S
					async-task.defaults.backoff.multiplier=0.5 | async-task.defaults.backoff.multiplier must be a finite number of at least 1.0 but was 0.5
					async-task.defaults.backoff.max-delay=100ms | async-task.defaults.backoff.max-delay must not be shorter than async-task.defaults.backoff.delay (PT1S) but was PT0.1S
					async-task.retention.completed=-1s     | async-task.retention.completed must not be negative but was PT-1S
					async-task.retention.dead=-1d          | async-task.retention.dead must not be negative but was PT-24H
					async-task.retention.dead-max=0        | async-task.retention.dead-max must be positive but was 0
					async-task.retention.completed-ids=-1s | async-task.retention.completed-ids must not be negative but was PT-1S
					async-task.worker.unknown-task-grace=0s | async-task.worker.unknown-task-grace must be positive but was PT0S
					async-task.console.path=asynctask      | async-task.console.path must start with '/' and name a path but was 'asynctask'
					""")
	void invalidValuesAreRefusedWithAMessageNamingTheKey(String property, String message) {
		this.contextRunner.withPropertyValues(property).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause().hasMessageContaining(message);
		});
	}

	@Test
	void invalidQueueNameIsRefused() {
		this.contextRunner.withPropertyValues("async-task.queues[a{b].concurrency=1").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("async-task.queues.a{b is not a valid queue name")
				.hasMessageContaining("must not contain braces");
		});
	}

	@Test
	void unknownBackoffPolicyIsRefusedNamingTheKey() {
		this.contextRunner.withPropertyValues("async-task.defaults.backoff.policy=linear").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("async-task.defaults.backoff.policy")
				.hasStackTraceContaining("linear");
		});
	}

	@Test
	void anApplicationTaskCodecBeanReplacesTheJacksonOne() {
		this.contextRunner.withBean(AccountTasks.class)
			.withBean("applicationCodec", TaskCodec.class, ApplicationCodec::new)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(TaskCodec.class);
				assertThat(context.getBean(TaskCodec.class)).isInstanceOf(ApplicationCodec.class);
				assertThat(context.getBean(TaskRegistry.class).definitions()).hasSize(2);
			});
	}

	@Test
	void backsOffTheStartUpChecksWhenTheApplicationDefinesItsOwn() {
		this.contextRunner.withUserConfiguration(CustomChecksConfiguration.class).run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(RedisEnvironmentCheck.class)
				.hasSingleBean(UnservedQueuesWarning.class);
			assertThat(context.getBean(RedisEnvironmentCheck.class))
				.isSameAs(context.getBean("customEnvironmentCheck"));
			assertThat(context.getBean(UnservedQueuesWarning.class)).isSameAs(context.getBean("customWarning"));
		});
	}

	@Test
	void annotationAttributesResolvePlaceholdersFromTheEnvironment() {
		ApplicationContextRunner strict = this.contextRunner
			.withConfiguration(AutoConfigurations.of(PropertyPlaceholderAutoConfiguration.class))
			.withBean(PlaceholderTasks.class);
		strict.withPropertyValues("mail.queue=mail-eu", "report.cron=0 0 3 * * *").run((context) -> {
			assertThat(context).hasNotFailed();
			TaskDefinition send = context.getBean(TaskRegistry.class).find("PlaceholderTasks.send").orElseThrow();
			assertThat(send.queue()).isEqualTo("mail-eu");
			assertThat(send.timeout()).isEqualTo(Duration.ofSeconds(30));
		});
		strict.withPropertyValues("mail.queue=mail-eu", "mail.timeout=soon").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasMessageContaining("PlaceholderTasks.send(String) has timeout '${mail.timeout:30s}' "
						+ "(resolved to 'soon') that is not a duration")
				.hasMessageContaining("PlaceholderTasks.report() has cron '${report.cron}' that cannot be resolved");
		});
	}

	private static WorkerSettings startedSettings(AssertableApplicationContext context) {
		return context.getBean(AsyncTaskWorkers.class).container().orElseThrow().settings();
	}

	public static class AccountTasks {

		@AsyncTask
		public void audit(String entry) {
		}

		@AsyncTask(queue = "acc")
		public void open(String account) {
		}

	}

	public static class PlaceholderTasks {

		@AsyncTask(queue = "${mail.queue}", timeout = "${mail.timeout:30s}")
		public void send(String to) {
		}

		@AsyncTask(cron = "${report.cron}")
		public void report() {
		}

	}

	/**
	 * A codec of the application's own, as a team with its own wire format would write.
	 */
	static class ApplicationCodec implements TaskCodec {

		private final TaskCodec delegate = new JacksonTaskCodec(JsonMapper.builder().build(), 1024);

		@Override
		public String encode(TaskDefinition definition, @Nullable Object[] args, Map<String, String> headers,
				@Nullable Duration timeout) {
			return this.delegate.encode(definition, args, headers, timeout);
		}

		@Override
		public DecodedPayload decode(TaskDefinition definition, String payload) {
			return this.delegate.decode(definition, payload);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomChecksConfiguration {

		@Bean
		RedisEnvironmentCheck customEnvironmentCheck(RedisConnectionFactory connectionFactory) {
			return new RedisEnvironmentCheck(connectionFactory, false);
		}

		@Bean
		UnservedQueuesWarning customWarning(AsyncTaskProperties properties, TaskRegistry registry, RedisBroker broker) {
			return new UnservedQueuesWarning(properties, registry, broker);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomBeansConfiguration {

		@Bean
		RedisKeys customKeys() {
			return new RedisKeys("custom");
		}

		@Bean
		RedisBroker customBroker(RedisConnectionFactory connectionFactory, RedisKeys keys) {
			return new LuaRedisBroker(connectionFactory, keys);
		}

		@Bean
		WakeSignals customWakeSignals(RedisConnectionFactory connectionFactory, RedisKeys keys) {
			return new RedisWakeSignals(connectionFactory, keys);
		}

	}

}
