package io.github.asynctask.definition;

/**
 * A start-up check of one task definition contributed by another part (the codec checks
 * parameter types, the proxy side checks that calls are intercepted).
 */
@FunctionalInterface
public interface TaskDefinitionCheck {

	/**
	 * Check one definition.
	 * @return the problems found, each a sentence saying what is wrong and how to fix it;
	 * empty when fine
	 */
	java.util.List<String> problems(TaskDefinition definition);

}
