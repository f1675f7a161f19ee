package io.github.asynctask.autoconfigure.console;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.WebDriver;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * Base of the console's browser tests: an application with the console on an empty Redis,
 * and headless Chromium (the test is skipped when it is not installed); both are closed
 * after each test.
 */
@ExtendWith(RedisExtension.class)
abstract class BrowserTestSupport {

	ConfigurableApplicationContext context;

	WebDriver browser;

	/** Start the application with the console (writes on for anyone) and a browser. */
	void open(RedisServer redis, Class<?>[] configurations, String... properties) {
		HeadlessChromium.assumeInstalled();
		redis.flushAll();
		String[] all = new String[HeadlessChromium.CONSOLE.length + properties.length];
		System.arraycopy(HeadlessChromium.CONSOLE, 0, all, 0, HeadlessChromium.CONSOLE.length);
		System.arraycopy(properties, 0, all, HeadlessChromium.CONSOLE.length, properties.length);
		this.context = ConsoleTestApplication.start(redis, configurations, all);
		this.browser = HeadlessChromium.start();
	}

	@AfterEach
	void close() throws Exception {
		HeadlessChromium.stop(this.browser, this.context);
	}

	String url(String path) {
		return "http://localhost:" + this.context.getEnvironment().getProperty("local.server.port") + path;
	}

}
