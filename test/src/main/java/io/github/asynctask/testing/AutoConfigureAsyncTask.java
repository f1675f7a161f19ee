package io.github.asynctask.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Put on a {@code @SpringBootTest} class to choose what happens to the tasks it submits:
 * recorded ({@link AsyncTaskTestMode#RECORD}, no Redis needed), run inline
 * ({@link AsyncTaskTestMode#INLINE}, no Redis needed), or sent to the application's Redis
 * ({@link AsyncTaskTestMode#REDIS}) and drained with {@link AsyncTaskTestSupport}.
 * <p>
 * Imports the auto-configurations listed in
 * {@code META-INF/spring/io.github.asynctask.testing.AutoConfigureAsyncTask.imports}, as
 * Spring Boot's own {@code @AutoConfigure…} annotations do, and sets
 * {@code async-task.test.mode}; without Redis it also sets
 * {@code async-task.worker.enabled=false}.
 * <p>
 * A test class without it gets the suite's mode, {@code async-task.test.mode}
 * ({@code record} | {@code inline} | {@code redis}, e.g. in the test resources'
 * {@code application.properties}), or {@link AsyncTaskTestMode#RECORD} when none is set:
 * with this module on the test classpath an existing {@code @SpringBootTest} reaches no
 * Redis and starts no worker. The class's mode wins over the suite's.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureAsyncTask {

	/** What happens to submitted tasks. */
	AsyncTaskTestMode mode() default AsyncTaskTestMode.RECORD;

}
