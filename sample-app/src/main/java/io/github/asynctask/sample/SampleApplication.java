package io.github.asynctask.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The sample shop. Run it with {@code ./mvnw -pl sample-app -am spring-boot:run}; it
 * needs no running service (H2 in memory, and an embedded Redis when none answers).
 */
@SpringBootApplication
public class SampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

}
