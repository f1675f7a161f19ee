package io.github.asynctask.reliability;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.asynctask.aop.TaskBodyInvoker;
import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.codec.TaskCodecException;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tasks of the suite ({@link ReliabilityTasks}) with a registry, a codec that reads
 * each argument by its declared type, and an invoker calling the bean directly.
 */
final class TaskCatalog implements TaskRegistry {

	/** The one queue of the suite. */
	static final String QUEUE = "rel";

	static final String WORK = "rel.work";

	static final String FAIL = "rel.fail";

	static final String CRASH = "rel.crash";

	static final String ORDER = "rel.order";

	private static final JsonMapper json = JsonMapper.shared();

	private final Map<String, TaskDefinition> byName = new LinkedHashMap<>();

	TaskCatalog() {
		ReliabilityTasks bean = new ReliabilityTasks();
		add(bean, WORK, "work", 5);
		add(bean, FAIL, "fail", 2);
		add(bean, CRASH, "crash", 1);
		add(bean, ORDER, "order", 0);
	}

	private void add(ReliabilityTasks bean, String name, String methodName, int maxRetries) {
		Method method = Arrays.stream(ReliabilityTasks.class.getMethods())
			.filter((candidate) -> candidate.getName().equals(methodName))
			.findFirst()
			.orElseThrow();
		this.byName.put(name,
				new TaskDefinition(name, QUEUE, "reliabilityTasks", bean, method,
						List.of(method.getGenericParameterTypes()), maxRetries, Duration.ofSeconds(60), null, null,
						Duration.ofHours(1), List.of()));
	}

	TaskDefinition definition(String name) {
		return find(name).orElseThrow();
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

	/**
	 * {@code {"args":[...],"headers":{...}}}, each argument read as its declared type.
	 */
	static final class Codec implements TaskCodec {

		@Override
		public String encode(TaskDefinition definition, Object[] args, Map<String, String> headers, Duration timeout) {
			ObjectNode root = json.createObjectNode();
			root.set("args", json.valueToTree(Arrays.asList(args)));
			root.set("headers", json.valueToTree(headers));
			return json.writeValueAsString(root);
		}

		@Override
		public DecodedPayload decode(TaskDefinition definition, String payload) {
			try {
				JsonNode args = json.readTree(payload).get("args");
				if (args == null || !args.isArray() || args.size() != definition.parameterTypes().size()) {
					throw new TaskCodecException("Task '" + definition.name() + "' expects "
							+ definition.parameterTypes().size() + " arguments in an array 'args'");
				}
				Object[] values = new Object[args.size()];
				for (int i = 0; i < values.length; i++) {
					values[i] = json.treeToValue(args.get(i), json.constructType(definition.parameterTypes().get(i)));
				}
				return new DecodedPayload(values, Map.of(), null);
			}
			catch (TaskCodecException ex) {
				throw ex;
			}
			catch (RuntimeException ex) {
				throw new TaskCodecException("Cannot read payload of task '" + definition.name() + "'", ex);
			}
		}

	}

	/** Calls the method on the bean. */
	static final class DirectInvoker implements TaskBodyInvoker {

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
