package io.github.asynctask.autoconfigure.jpa;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.RedisKeyValueTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JPA application (H2, one repository) adds async-task: Spring Data says nothing new at
 * start-up. The starter's Spring Data Redis would otherwise put repository scanning in
 * strict mode and look for Redis repositories among the JPA ones.
 */
@ExtendWith({ RedisExtension.class, OutputCaptureExtension.class })
class JpaApplicationIntegrationTests {

	@Test
	void springDataSaysNothingNewWhenAJpaApplicationAddsAsyncTask(RedisServer redis, CapturedOutput output) {
		try (ConfigurableApplicationContext context = start(redis)) {
			assertThat(context.getBean(VisitRepository.class).count()).isZero();
			assertThat(context.getBeanNamesForType(RedisKeyValueTemplate.class)).isEmpty();
			assertThat(output).doesNotContain("Could not safely identify store assignment")
				.contains("spring.data.redis.repositories.enabled=true");
		}
	}

	private static ConfigurableApplicationContext start(RedisServer redis) {
		return new SpringApplicationBuilder(JpaApplication.class).web(WebApplicationType.NONE)
			.properties("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port(),
					"async-task.worker.enabled=false")
			.run();
	}

	@Configuration(proxyBeanMethods = false)
	@AutoConfigurationPackage
	@ImportAutoConfiguration({ org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration.class,
			org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration.class,
			org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration.class,
			org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration.class,
			org.springframework.boot.data.redis.autoconfigure.DataRedisRepositoriesAutoConfiguration.class,
			AsyncTaskAutoConfiguration.class })
	static class JpaApplication {

	}

}
