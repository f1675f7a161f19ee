package io.github.asynctask.testing;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskDefinitionCheck;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * The application's codec in the modes without Redis, reading every payload back as soon
 * as it is written, at the call: a test fails, naming the task method and the parameter,
 * when an argument cannot be read back (the task would die) or is read back different
 * from the one passed (the task would silently run with other data, e.g. an entity whose
 * lazy collection came back empty).
 */
final class ReadBackCheckingCodec implements TaskCodec, TaskDefinitionCheck {

	private final TaskCodec codec;

	ReadBackCheckingCodec(TaskCodec codec) {
		this.codec = codec;
	}

	@Override
	public String encode(TaskDefinition definition, @Nullable Object[] args, Map<String, String> headers,
			@Nullable Duration timeout) {
		String payload = this.codec.encode(definition, args, headers, timeout);
		@Nullable Object[] readBack = decode(definition, payload).args();
		for (int i = 0; i < readBack.length; i++) {
			String name = definition.method().getParameters()[i].getName();
			String difference = ReadBackDifference.of(name, (args != null) ? args[i] : null, readBack[i]);
			if (difference != null) {
				throw new AssertionError("Argument " + i + " ('" + name + "') of " + definition.describe()
						+ " is read back by the codec different from the value passed, so a worker would run "
						+ "the task with other data: " + difference + ". Pass what the task needs as plain "
						+ "values (an entity's id, and load it in the task), or make the type round-trip "
						+ "through JSON (setters or a creator for every field)");
			}
		}
		return payload;
	}

	@Override
	public DecodedPayload decode(TaskDefinition definition, String payload) {
		try {
			return this.codec.decode(definition, payload);
		}
		catch (RuntimeException ex) {
			throw new AssertionError(definition.describe() + " was submitted with arguments a worker could not "
					+ "read back (the task would die): " + ex.getMessage(), ex);
		}
	}

	@Override
	public List<String> problems(TaskDefinition definition) {
		return (this.codec instanceof TaskDefinitionCheck check) ? check.problems(definition) : List.of();
	}

	/** Wraps the application's codec bean, whichever it is. */
	static final class PostProcessor implements BeanPostProcessor {

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			return (bean instanceof TaskCodec codec && !(bean instanceof ReadBackCheckingCodec))
					? new ReadBackCheckingCodec(codec) : bean;
		}

	}

}
