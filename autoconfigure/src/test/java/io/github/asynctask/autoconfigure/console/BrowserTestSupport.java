package io.github.asynctask.autoconfigure.console;

import java.time.Duration;
import java.util.function.Function;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

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

	/** Wait until {@code locator} is shown. */
	WebElement shown(By locator) {
		return new WebDriverWait(this.browser, Duration.ofSeconds(20))
			.until(ExpectedConditions.visibilityOfElementLocated(locator));
	}

	/** Read the page, again while the page's refresh rebuilds what is read. */
	<T> T reading(Function<WebDriver, T> read) {
		return new WebDriverWait(this.browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class)
			.until(read);
	}

	String url(String path) {
		return "http://localhost:" + this.context.getEnvironment().getProperty("local.server.port") + path;
	}

}
