package io.github.asynctask.worker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

import io.github.asynctask.aop.TaskBodyInvoker;
import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.codec.TaskCodecException;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.Delivery;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Test fixtures standing in for the registry, codec and body invoker (written elsewhere):
 * a map-backed registry, a small Jackson codec, a reflective invoker.
 */
final class TestTasks {

	private static final JsonMapper json = JsonMapper.shared();

	private TestTasks() {
	}

	/** A definition of {@code bean.methodName} with the given limits. */
	static TaskDefinition definition(String name, String queue, Object bean, String methodName, int maxRetries,
			Duration timeout, List<Class<? extends Throwable>> noRetryFor) {
		Method method = Arrays.stream(bean.getClass().getMethods())
			.filter((candidate) -> candidate.getName().equals(methodName))
			.findFirst()
			.orElseThrow();
		return new TaskDefinition(name, queue, "testBean", bean, method, List.of(method.getGenericParameterTypes()),
				maxRetries, timeout, null, null, Duration.ofHours(1), noRetryFor);
	}

	static Delivery delivery(String queue, String id, String name, int attempt, int maxRetries, String payload) {
		return new Delivery(queue, id, name, 1L, attempt, maxRetries, payload, Instant.now());
	}

	/** A body that sleeps until interrupted; when stubborn it sleeps on once more. */
	static Thread startBody(RunningTask task, CountDownLatch interrupted, boolean stubborn) {
		CountDownLatch started = new CountDownLatch(1);
		Thread thread = new Thread(() -> {
			task.bodyThread(Thread.currentThread());
			started.countDown();
			try {
				Thread.sleep(60_000);
			}
			catch (InterruptedException ex) {
				interrupted.countDown();
				if (stubborn) {
					try {
						Thread.sleep(60_000);
					}
					catch (InterruptedException again) {
						// the test ends it
					}
				}
			}
		});
		thread.setDaemon(true);
		thread.start();
		try {
			started.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return thread;
	}

	/** A registry holding exactly these definitions. */
	static final class MapRegistry implements TaskRegistry {

		private final Map<String, TaskDefinition> byName = new LinkedHashMap<>();

		MapRegistry(TaskDefinition... definitions) {
			add(definitions);
		}

		void add(TaskDefinition... definitions) {
			for (TaskDefinition definition : definitions) {
				this.byName.put(definition.name(), definition);
			}
		}

		@Override
		public Optional<TaskDefinition> find(String name) {
			return Optional.ofNullable(this.byName.get(name));
		}

		@Override
		public Optional<TaskDefinition> find(Method method) {
			return this.byName.values().stream().filter((d) -> d.method().equals(method)).findFirst();
		}

		@Override
		public Collection<TaskDefinition> definitions() {
			return this.byName.values();
		}

		@Override
		public Set<String> queues() {
			return this.byName.values().stream().map(TaskDefinition::queue).collect(Collectors.toSet());
		}

	}

	/**
	 * {@code {"args":[...],"headers":{...},"timeoutMs":n}}, read by the declared types.
	 */
	static final class JsonCodec implements TaskCodec {

		@Override
		public String encode(TaskDefinition definition, Object[] args, Map<String, String> headers, Duration timeout) {
			ObjectNode root = json.createObjectNode();
			root.set("args", json.valueToTree(Arrays.asList(args)));
			root.set("headers", json.valueToTree(headers));
			if (timeout != null) {
				root.put("timeoutMs", timeout.toMillis());
			}
			return json.writeValueAsString(root);
		}

		@Override
		public DecodedPayload decode(TaskDefinition definition, String payload) {
			try {
				JsonNode root = json.readTree(payload);
				JsonNode args = root.get("args");
				if (args == null || args.size() != definition.parameterTypes().size()) {
					throw new TaskCodecException("Task '" + definition.name() + "' expects "
							+ definition.parameterTypes().size() + " arguments");
				}
				Object[] values = new Object[args.size()];
				for (int i = 0; i < values.length; i++) {
					values[i] = json.convertValue(args.get(i), json.constructType(definition.parameterTypes().get(i)));
				}
				Map<String, String> headers = new LinkedHashMap<>();
				root.path("headers").properties().forEach((e) -> headers.put(e.getKey(), e.getValue().asString()));
				Duration timeout = root.has("timeoutMs") ? Duration.ofMillis(root.get("timeoutMs").asLong()) : null;
				return new DecodedPayload(values, headers, timeout);
			}
			catch (TaskCodecException ex) {
				throw ex;
			}
			catch (RuntimeException ex) {
				throw new TaskCodecException("Cannot read payload of task '" + definition.name() + "'", ex);
			}
		}

	}

	/** Calls the method on the bean directly. */
	static final class ReflectiveInvoker implements TaskBodyInvoker {

		@Override
		public void invoke(TaskDefinition definition, Object[] args) throws Throwable {
			try {
				definition.method().invoke(definition.bean(), args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		}

	}

}
