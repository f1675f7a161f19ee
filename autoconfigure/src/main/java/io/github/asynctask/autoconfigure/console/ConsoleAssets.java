package io.github.asynctask.autoconfigure.console;

import java.time.Duration;

import org.springframework.http.CacheControl;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Serves the console's script and style from the jar under
 * {@code <console path>/assets/}. They live outside {@code META-INF/resources} so that
 * nothing is served while the console is off.
 */
final class ConsoleAssets implements WebMvcConfigurer {

	private final String path;

	ConsoleAssets(String path) {
		this.path = path;
	}

	@Override
	public void addResourceHandlers(ResourceHandlerRegistry registry) {
		registry.addResourceHandler(this.path + "/assets/**")
			.addResourceLocations("classpath:/" + ConsolePageController.ASSETS)
			.setCacheControl(CacheControl.maxAge(Duration.ofMinutes(5)));
	}

}
