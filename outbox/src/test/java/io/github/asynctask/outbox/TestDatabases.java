package io.github.asynctask.outbox;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.github.asynctask.test.JdbcServers;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives an outbox test a {@link TestDatabase} constructor parameter: H2, or the server
 * its class's {@link On} names, skipping the class when that server does not answer.
 */
final class TestDatabases implements BeforeAllCallback, ParameterResolver {

	/** The database server a test class runs against. */
	enum Kind {

		H2, POSTGRES, MARIADB

	}

	/** Runs the annotated test class against {@link #value()} instead of H2. */
	@Retention(RetentionPolicy.RUNTIME)
	@Target(ElementType.TYPE)
	@interface On {

		Kind value();

	}

	@Override
	public void beforeAll(ExtensionContext context) {
		switch (kind(context)) {
			case POSTGRES -> JdbcServers.assumeReachable(PostgresSchemas.URL, PostgresSchemas.USER);
			case MARIADB -> JdbcServers.assumeReachable(MariaDbDatabases.URL, MariaDbDatabases.USER);
			case H2 -> {
			}
		}
	}

	@Override
	public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return parameterContext.getParameter().getType() == TestDatabase.class;
	}

	@Override
	public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
		return switch (kind(extensionContext)) {
			case POSTGRES -> new PostgresSchemas();
			case MARIADB -> new MariaDbDatabases();
			case H2 -> new TestDatabase.H2();
		};
	}

	private static Kind kind(ExtensionContext context) {
		On on = context.getRequiredTestClass().getAnnotation(On.class);
		return (on != null) ? on.value() : Kind.H2;
	}

}
