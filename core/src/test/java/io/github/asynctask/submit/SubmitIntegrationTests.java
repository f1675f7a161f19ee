package io.github.asynctask.submit;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.RecordingTaskListener;
import io.github.asynctask.RedisBrokerExtension;
import io.github.asynctask.RedisTasks;
import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.SubmitInterceptor;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.TaskState;
import io.github.asynctask.TaskTestConfiguration;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.codec.TaskCodecException;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Calls of task methods outside a transaction against a real Redis: what lands in Redis,
 * dedup by bizId, per-call options, refusals at the call site.
 */
@ExtendWith(RedisBrokerExtension.class)
class SubmitIntegrationTests {

	private static LuaRedisBroker broker;

	private final RedisServer redis;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(TaskTestConfiguration.class)
		.withBean(RedisBroker.class, () -> broker)
		.withBean(RecordingTaskListener.class)
		.withBean("orderTasks", OrderTasks.class);

	SubmitIntegrationTests(RedisServer redis) {
		this.redis = redis;
	}

	@BeforeAll
	static void connect(LuaRedisBroker connected) {
		broker = connected;
	}

	@Test
	void aCallReturnsBeforeTheBodyRunsAndTheBodyRunsOnceWithEqualArguments() {
		this.runner.run((context) -> {
			OrderTasks tasks = context.getBean(OrderTasks.class);
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			Order order = new Order(42L, new BigDecimal("19.90"), LocalDate.of(2026, 3, 1));
			List<Item> items = List.of(new Item("book", 2), new Item("pen", 10));
			Map<String, BigDecimal> prices = new LinkedHashMap<>();
			prices.put("book", new BigDecimal("9.950"));
			Instant at = Instant.parse("2026-03-01T10:15:30.5Z");
			tasks.place(order, items, prices, at);
			assertThat(tasks.runs()).isEmpty();
			assertThat(redisTasks.pending("orders")).isOne();
			String id = redisTasks.pendingIds("orders").get(0);
			TaskInfo info = context.getBean(AsyncTaskTemplate.class).find(id).orElseThrow();
			assertThat(info.name()).isEqualTo("orders.place");
			assertThat(info.state()).isEqualTo(TaskState.PENDING);
			assertThat(info.maxRetries()).isEqualTo(7);
			assertThat(info.payload())
				.isEqualTo("{\"v\":1,\"args\":[{\"id\":42,\"total\":19.90,\"day\":\"2026-03-01\"},"
						+ "[{\"name\":\"book\",\"count\":2},{\"name\":\"pen\",\"count\":10}],{\"book\":9.950},"
						+ "\"2026-03-01T10:15:30.500Z\"]}");
			Delivery delivery = redisTasks.runOne("orders");
			assertThat(delivery.id()).isEqualTo(id);
			assertThat(tasks.runs()).hasSize(1);
			Object[] args = tasks.runs().get(0);
			assertThat(args).containsExactly(order, items, prices, at);
			assertThat(((Order) args[0]).total().scale()).isEqualTo(2);
			@SuppressWarnings("unchecked")
			Map<String, BigDecimal> readPrices = (Map<String, BigDecimal>) args[2];
			assertThat(readPrices.get("book").scale()).isEqualTo(3);
			assertThat(redisTasks.pending("orders")).isZero();
		});
	}

	@Test
	void perCallOptionsGiveDelaysQueuesAndReceipts() {
		this.runner.run((context) -> {
			OrderTasks tasks = context.getBean(OrderTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			TaskReceipt later = template.submit(TaskOptions.defaults().delay(Duration.ofMinutes(15)),
					() -> tasks.note("later"));
			assertThat(later.status()).isEqualTo(TaskReceipt.Status.SCHEDULED);
			// 14 characters, or a ULID while the instance number's claim is unanswered
			assertThat(later.taskId()).matches("[-0-9A-Z_a-z]{14}|[0-9A-HJKMNP-TV-Z]{26}");
			assertThat(template.find(later.taskId()).orElseThrow().state()).isEqualTo(TaskState.SCHEDULED);
			TaskReceipt elsewhere = template.submit(TaskOptions.defaults().queue("other").maxRetries(0),
					() -> tasks.note("now"));
			assertThat(elsewhere.status()).isEqualTo(TaskReceipt.Status.ENQUEUED);
			TaskInfo info = template.find(elsewhere.taskId()).orElseThrow();
			assertThat(info.queue()).isEqualTo("other");
			assertThat(info.maxRetries()).isZero();
			assertThat(redisTasks.scheduled("default")).isOne();
			assertThat(redisTasks.pending("other")).isOne();
			if (later.taskId().length() == elsewhere.taskId().length()) {
				// ids sort by time within one form; the claim of the instance number can
				// be answered between the two submits (a ULID first, then a short id)
				assertThat(later.taskId()).isLessThan(elsewhere.taskId());
			}
			assertThat(template.delete(later.taskId())).isTrue();
			assertThat(template.find(later.taskId())).isEmpty();
		});
	}

	@Test
	void theSameBizIdFromSixteenThreadsGivesOneTaskAndFifteenDuplicates() throws Exception {
		this.runner.run((context) -> {
			OrderTasks tasks = context.getBean(OrderTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			RecordingTaskListener listener = context.getBean(RecordingTaskListener.class);
			ExecutorService pool = Executors.newFixedThreadPool(16);
			CountDownLatch start = new CountDownLatch(1);
			List<Future<TaskReceipt>> futures = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				int caller = i;
				Callable<TaskReceipt> submit = () -> {
					start.await();
					return template.submit(TaskOptions.defaults().bizId("order-42"), () -> tasks.note("c" + caller));
				};
				futures.add(pool.submit(submit));
			}
			start.countDown();
			List<TaskReceipt> receipts = new ArrayList<>();
			for (Future<TaskReceipt> future : futures) {
				receipts.add(future.get());
			}
			pool.shutdown();
			assertThat(receipts).filteredOn((r) -> r.status() == TaskReceipt.Status.ENQUEUED).hasSize(1);
			assertThat(receipts).filteredOn((r) -> r.status() == TaskReceipt.Status.DUPLICATE).hasSize(15);
			String winner = receipts.stream()
				.filter((r) -> r.status() == TaskReceipt.Status.ENQUEUED)
				.findFirst()
				.orElseThrow()
				.taskId();
			assertThat(receipts).extracting(TaskReceipt::taskId).containsOnly(winner);
			assertThat(new RedisTasks(this.redis, context).stored("default")).isOne();
			assertThat(listener.deduplicated).hasSize(15).containsOnly("default/OrderTasks.note");
			assertThat(listener.submitted).containsExactly("default/OrderTasks.note");
		});
	}

	@Test
	void theBizIdExpressionOfTheAnnotationDedupsPlainCalls() {
		this.runner.run((context) -> {
			OrderTasks tasks = context.getBean(OrderTasks.class);
			Order order = new Order(7L, BigDecimal.ONE, LocalDate.of(2026, 1, 1));
			tasks.place(order, List.of(), Map.of(), Instant.EPOCH);
			tasks.place(order, List.of(new Item("other", 1)), Map.of(), Instant.EPOCH);
			assertThat(new RedisTasks(this.redis, context).pending("orders")).isOne();
			assertThat(this.redis.cli("EXISTS", RedisTasks.KEYS.unique("orders", "orders.place", "7"))).isEqualTo("1");
		});
	}

	@Test
	void taskNamesAndBizIdsWithColonsNeverShareADedupKey() {
		this.runner.run((context) -> {
			OrderTasks tasks = context.getBean(OrderTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			// "a" + "b:c" and "a:b" + "c" both read "a:b:c" when joined with ':'
			TaskReceipt first = template.submit(TaskOptions.defaults().bizId("b:c"), () -> tasks.named("x"));
			TaskReceipt second = template.submit(TaskOptions.defaults().bizId("c"), () -> tasks.namedWithColon("y"));
			assertThat(first.status()).isEqualTo(TaskReceipt.Status.ENQUEUED);
			assertThat(second.status()).isEqualTo(TaskReceipt.Status.ENQUEUED);
			RedisTasks redisTasks = new RedisTasks(this.redis, context);
			redisTasks.runOne("default");
			redisTasks.runOne("default");
			assertThat(tasks.runs()).extracting((args) -> args[0]).containsExactlyInAnyOrder("x", "y");
		});
	}

	@Test
	void argumentsThatCannotBeWrittenOrAreTooLargeAreRefusedAtTheCallSiteAndNothingIsSubmitted() {
		this.runner.run((context) -> {
			OrderTasks tasks = context.getBean(OrderTasks.class);
			assertThatExceptionOfType(TaskCodecException.class)
				.isThrownBy(() -> tasks.note("x".repeat(1024 * 1024 + 1)))
				.withMessageContaining("Payload of task 'OrderTasks.note' is 1048596 bytes, over the limit of 1048576");
			assertThatExceptionOfType(TaskCodecException.class).isThrownBy(() -> tasks.opaque(new Exploding()))
				.withMessageContaining("Argument 0 ('value'")
				.withMessageContaining("task 'OrderTasks.opaque'");
			assertThat(RedisTasks.taskKeys(this.redis)).isEmpty();
		});
	}

	@Test
	void submitInterceptorsAddHeadersThatTravelWithTheTask() {
		SubmitInterceptor tenant = (definition, args, headers) -> headers.put("tenant", "acme");
		SubmitInterceptor trace = (definition, args, headers) -> headers.put("trace", definition.name());
		this.runner.withBean("tenant", SubmitInterceptor.class, () -> tenant)
			.withBean("trace", SubmitInterceptor.class, () -> trace)
			.run((context) -> {
				context.getBean(OrderTasks.class).note("hi");
				Delivery delivery = context.getBean(RedisBroker.class)
					.dequeue("default", 1, Duration.ofMinutes(1))
					.get(0);
				assertThat(delivery.payload()).contains("\"h\":{\"tenant\":\"acme\",\"trace\":\"OrderTasks.note\"}");
			});
	}

	@Test
	void outsideATransactionRedisDownSurfacesToTheCaller() {
		assumeTrue(this.redis.canInjectFaults());
		this.runner.run((context) -> {
			OrderTasks tasks = context.getBean(OrderTasks.class);
			this.redis.stop();
			try {
				assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> tasks.note("lost?"));
			}
			finally {
				this.redis.start();
			}
			tasks.note("after");
			assertThat(new RedisTasks(this.redis, context).pending("default")).isOne();
		});
	}

	public record Order(Long id, BigDecimal total, LocalDate day) {
	}

	public record Item(String name, int count) {
	}

	public static class Exploding {

		public String getValue() {
			throw new IllegalStateException("boom");
		}

	}

	public static class OrderTasks {

		private final List<Object[]> runs = new CopyOnWriteArrayList<>();

		@AsyncTask(name = "orders.place", queue = "orders", bizId = "#order.id", maxRetries = 7)
		public void place(Order order, List<Item> items, Map<String, BigDecimal> prices, Instant at) {
			this.runs.add(new Object[] { order, items, prices, at });
		}

		@AsyncTask
		public void note(String text) {
			this.runs.add(new Object[] { text });
		}

		@AsyncTask
		public void opaque(Object value) {
		}

		@AsyncTask(name = "a")
		public void named(String text) {
			this.runs.add(new Object[] { text });
		}

		@AsyncTask(name = "a:b")
		public void namedWithColon(String text) {
			this.runs.add(new Object[] { text });
		}

		List<Object[]> runs() {
			return this.runs;
		}

	}

}
