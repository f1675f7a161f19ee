package io.github.asynctask.test;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

@ExtendWith(RedisExtension.class)
class RedisExtensionIntegrationTests {

	/** What the sample classes saw, as (sample, injection point, server). */
	private static final Queue<Seen> seen = new ConcurrentLinkedQueue<>();

	private static volatile boolean launchedHere;

	private final RedisServer fromConstructor;

	RedisExtensionIntegrationTests(RedisServer redis) {
		this.fromConstructor = redis;
	}

	@Test
	void injectsTheSameRunningServerIntoConstructorAndMethod(RedisServer redis) {
		assertThat(redis).isSameAs(this.fromConstructor);
		assertThat(redis.cli("PING")).isEqualTo("PONG");
	}

	@Test
	void eachTestClassGetsItsOwnServerStoppedAfterTheClass() {
		TestExecutionSummary summary = run(FirstSample.class, SecondSample.class, PerClassSample.class);
		assertThat(summary.getFailures()).isEmpty();
		assertThat(summary.getTestsSucceededCount()).isEqualTo(5);
		Map<String, List<Seen>> bySample = seen.stream().collect(Collectors.groupingBy(Seen::sample));
		assertThat(bySample).containsOnlyKeys("first", "first.nested", "second", "per-class");
		assertThat(bySample.get("first")).extracting(Seen::where)
			.contains("constructor", "beforeAll", "beforeEach", "test");
		assertThat(bySample.get("per-class")).extracting(Seen::where).containsExactly("constructor", "one", "two");
		// Within a class (and its @Nested classes) every injection point got the same
		// server.
		RedisServer first = bySample.get("first").get(0).server();
		assertThat(seen).filteredOn((s) -> s.sample().startsWith("first"))
			.allSatisfy((s) -> assertThat(s.server()).isSameAs(first));
		RedisServer perClassServer = bySample.get("per-class").get(0).server();
		assertThat(bySample.get("per-class")).allSatisfy((s) -> assertThat(s.server()).isSameAs(perClassServer));
		List<RedisServer> perClass = List.of(first, bySample.get("second").get(0).server(), perClassServer);
		assertThat(perClass).extracting(RedisServer::port).doesNotHaveDuplicates();
		assertThat(perClass).allSatisfy((server) -> {
			assertThat(server.isRunning()).isFalse();
			assertThat(ProcessHandle.of(server.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
		});
	}

	private static TestExecutionSummary run(Class<?>... classes) {
		seen.clear();
		LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
			.selectors(java.util.Arrays.stream(classes).map((c) -> selectClass(c)).toList())
			.build();
		SummaryGeneratingListener listener = new SummaryGeneratingListener();
		launchedHere = true;
		try {
			LauncherFactory.create().execute(request, listener);
		}
		finally {
			launchedHere = false;
		}
		return listener.getSummary();
	}

	static boolean launchedHere() {
		return launchedHere;
	}

	record Seen(String sample, String where, RedisServer server) {
	}

	@ExtendWith(RedisExtension.class)
	@EnabledIf("io.github.asynctask.test.RedisExtensionIntegrationTests#launchedHere")
	static class FirstSample {

		FirstSample(RedisServer redis) {
			seen.add(new Seen("first", "constructor", redis));
		}

		@BeforeAll
		static void beforeAll(RedisServer redis) {
			seen.add(new Seen("first", "beforeAll", redis));
		}

		@BeforeEach
		void beforeEach(RedisServer redis) {
			seen.add(new Seen("first", "beforeEach", redis));
		}

		@Test
		void test(RedisServer redis) {
			seen.add(new Seen("first", "test", redis));
			redis.cli("SET", "owner", "first");
		}

		@Nested
		class Inner {

			@Test
			void test(RedisServer redis) {
				seen.add(new Seen("first.nested", "test", redis));
				assertThat(redis.cli("GET", "owner")).isEqualTo("first");
			}

		}

	}

	@ExtendWith(RedisExtension.class)
	@EnabledIf("io.github.asynctask.test.RedisExtensionIntegrationTests#launchedHere")
	static class SecondSample {

		@Test
		void test(RedisServer redis) {
			seen.add(new Seen("second", "test", redis));
			assertThat(redis.cli("GET", "owner")).isNull();
		}

	}

	@ExtendWith(RedisExtension.class)
	@TestInstance(Lifecycle.PER_CLASS)
	@EnabledIf("io.github.asynctask.test.RedisExtensionIntegrationTests#launchedHere")
	static class PerClassSample {

		PerClassSample(RedisServer redis) {
			seen.add(new Seen("per-class", "constructor", redis));
		}

		@Test
		void one(RedisServer redis) {
			seen.add(new Seen("per-class", "one", redis));
		}

		@Test
		void two(RedisServer redis) {
			seen.add(new Seen("per-class", "two", redis));
		}

	}

}
