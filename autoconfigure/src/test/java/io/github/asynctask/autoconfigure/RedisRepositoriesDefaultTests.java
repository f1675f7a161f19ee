package io.github.asynctask.autoconfigure;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.logging.DeferredLogs;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Data Redis repositories are off unless the application says otherwise.
 */
class RedisRepositoriesDefaultTests {

	private final StandardEnvironment environment = new StandardEnvironment();

	@Test
	void offWhenTheApplicationSaysNothing() {
		new RedisRepositoriesDefault(new DeferredLogs()).postProcessEnvironment(this.environment, null);
		assertThat(this.environment.getProperty("spring.data.redis.repositories.enabled")).isEqualTo("false");
		assertThat(this.environment.getPropertySources().stream().reduce((first, second) -> second))
			.hasValueSatisfying((last) -> assertThat(last.getName()).isEqualTo("asyncTaskDefaults"));
	}

	@Test
	void theApplicationsOwnSettingWins() {
		this.environment.getPropertySources()
			.addFirst(new MapPropertySource("application", Map.of("spring.data.redis.repositories.enabled", "true")));
		new RedisRepositoriesDefault(new DeferredLogs()).postProcessEnvironment(this.environment, null);
		assertThat(this.environment.getProperty("spring.data.redis.repositories.enabled")).isEqualTo("true");
		assertThat(this.environment.getPropertySources().contains("asyncTaskDefaults")).isFalse();
	}

}
