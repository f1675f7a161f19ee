package io.github.asynctask.autoconfigure;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.web.server.context.WebServerGracefulShutdownLifecycle;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The workers stop after Spring Boot's graceful web shutdown has drained requests (whose
 * submits must still land) and before the web server and Redis stop, each wait in its own
 * phase. Probes sit in the phases Boot gives those two lifecycles and record whether the
 * workers were still running when they were stopped.
 */
@ExtendWith(RedisExtension.class)
class ShutdownOrderIntegrationTests {

	/** The phase of Boot's WebServerStartStopLifecycle (package-private there). */
	private static final int WEB_SERVER_STOP_PHASE = WebServerGracefulShutdownLifecycle.SMART_LIFECYCLE_PHASE - 1024;

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class));

	@Test
	void workersDrainAfterTheWebRequestsAndBeforeTheWebServerStops(RedisServer redis) {
		StopLog stops = new StopLog();
		this.contextRunner
			.withPropertyValues("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port(),
					"async-task.key-prefix=shutdown-order", "async-task.worker.poll-interval=200ms")
			.withBean(MailTasks.class)
			.withBean(StopLog.class, () -> stops)
			.withUserConfiguration(Probes.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(AsyncTaskWorkers.class).isRunning()).isTrue();
				context.close();
				assertThat(stops.entries).containsExactly("web drain: workers running", "web server: workers stopped");
			});
	}

	static final class StopLog {

		final List<String> entries = new CopyOnWriteArrayList<>();

	}

	@Configuration(proxyBeanMethods = false)
	static class Probes {

		@Bean
		Probe gracefulWebShutdown(ObjectProvider<AsyncTaskWorkers> workers, StopLog stops) {
			return new Probe("web drain", WebServerGracefulShutdownLifecycle.SMART_LIFECYCLE_PHASE, workers,
					stops.entries);
		}

		@Bean
		Probe webServer(ObjectProvider<AsyncTaskWorkers> workers, StopLog stops) {
			return new Probe("web server", WEB_SERVER_STOP_PHASE, workers, stops.entries);
		}

	}

	public static class MailTasks {

		@AsyncTask(queue = "mail")
		public void send(String to) {
		}

	}

	/**
	 * Stands in for one of Boot's web lifecycles and notes the workers' state at stop.
	 */
	static final class Probe implements SmartLifecycle {

		private final String name;

		private final int phase;

		private final ObjectProvider<AsyncTaskWorkers> workers;

		private final List<String> stops;

		private volatile boolean running;

		Probe(String name, int phase, ObjectProvider<AsyncTaskWorkers> workers, List<String> stops) {
			this.name = name;
			this.phase = phase;
			this.workers = workers;
			this.stops = stops;
		}

		@Override
		public void start() {
			this.running = true;
		}

		@Override
		public void stop() {
			this.running = false;
			this.stops.add(this.name + ": workers " + (this.workers.getObject().isRunning() ? "running" : "stopped"));
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

		@Override
		public int getPhase() {
			return this.phase;
		}

	}

}
