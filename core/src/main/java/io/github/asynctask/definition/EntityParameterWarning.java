package io.github.asynctask.definition;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warns at start-up about a task parameter holding a JPA entity (or a collection of
 * them): the codec copies its state into the task at the submit, so lazy associations
 * come back empty or fail and the task works on a stale copy. Refuses nothing.
 */
public final class EntityParameterWarning implements TaskDefinitionCheck {

	private static final Logger logger = LoggerFactory.getLogger(EntityParameterWarning.class);

	@Override
	public List<String> problems(TaskDefinition definition) {
		for (int i = 0; i < definition.parameterTypes().size(); i++) {
			Class<?> entity = JpaEntities.find(definition.parameterTypes().get(i));
			if (entity != null) {
				logger.warn("Task '{}' ({}.{}) parameter {} ('{}', {}) holds the JPA entity {}: its state is copied "
						+ "into the task when it is submitted, so lazy associations come back empty and the task "
						+ "works on a stale copy; pass its id and load it in the task", definition.name(),
						definition.method().getDeclaringClass().getSimpleName(), definition.method().getName(), i,
						definition.method().getParameters()[i].getName(),
						definition.parameterTypes().get(i).getTypeName(), entity.getName());
			}
		}
		return List.of();
	}

}
