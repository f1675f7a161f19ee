package io.github.asynctask.worker;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.PendingWait;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.shard.ShardLayout;
import io.github.asynctask.redis.wake.WakeSignals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/**
 * The threads task bodies run on: named platform threads by default, and virtual threads
 * refused before Java 21 with a message naming the property and the running version.
 */
class BodyThreadsTests {

	@Test
	void platformBodiesRunOnNamedNonDaemonThreadsOfTheQueue() throws Exception {
		ThreadPoolExecutor pool = BodyThreads.PLATFORM.executor("mail", 2);
		try {
			CompletableFuture<Thread> thread = new CompletableFuture<>();
			pool.execute(() -> thread.complete(Thread.currentThread()));
			Thread ran = thread.get(10, TimeUnit.SECONDS);
			assertThat(ran.getName()).isEqualTo("asynctask-mail-1");
			assertThat(ran.isDaemon()).isFalse();
			assertThat(pool.getCorePoolSize()).isEqualTo(2);
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	@EnabledForJreRange(max = JRE.JAVA_20)
	void virtualThreadsAreRefusedBeforeJava21NamingThePropertyAndTheVersion() {
		WakeSignals wakeSignals = mock(WakeSignals.class);
		when(wakeSignals.pendingWait(anyString())).thenReturn(mock(PendingWait.class));
		RedisBroker broker = mock(RedisBroker.class);
		when(broker.layout()).thenReturn(ShardLayout.unsharded());
		WorkerContainerBuilder builder = new WorkerContainerBuilder(broker, wakeSignals, mock(TaskRegistry.class),
				mock(TaskCodec.class), (definition, args) -> {
				}, WorkerSettings.builder(java.util.Map.of("q", 1)).build());
		assertThat(VirtualThreads.supported()).isFalse();
		assertThatIllegalStateException().isThrownBy(() -> builder.virtualThreads(true))
			.withMessageStartingWith("async-task.worker.virtual-threads=true needs Java 21 or later")
			.withMessageContaining("this JVM is Java " + Runtime.version());
		assertThat(builder.virtualThreads(false).build()).as("platform threads stay available").isNotNull();
	}

}
