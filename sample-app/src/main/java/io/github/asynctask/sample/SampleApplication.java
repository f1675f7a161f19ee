package io.github.asynctask.sample;

import io.github.asynctask.worker.MdcTaskInterceptor;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ImportRuntimeHints;

/**
 * The sample shop. Run it with {@code ./mvnw -pl sample-app -am spring-boot:run}; it
 * needs no running service (H2 in memory, and an embedded Redis when none answers).
 */
@SpringBootApplication
@ImportRuntimeHints(EmbeddedRedisRuntimeHints.class)
public class SampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

	// tag::mdc[]
	@Bean
	MdcTaskInterceptor mdcTaskInterceptor() {
		return new MdcTaskInterceptor(); // task id, name and queue in the MDC
	}
	// end::mdc[]

}
