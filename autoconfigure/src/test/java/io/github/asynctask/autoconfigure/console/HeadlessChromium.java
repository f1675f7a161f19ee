package io.github.asynctask.autoconfigure.console;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.jspecify.annotations.Nullable;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Headless Chromium for the console's browser tests, and their screenshots (into
 * {@code target/}; into {@code docs/images/} too only when asked with
 * {@code -Dasynctask.docs.screenshots=true}, so a test run leaves the tracked images
 * alone). Tests using it are skipped when Chromium or chromedriver is not installed
 * ({@code CHROMIUM_BIN}, {@code CHROMEDRIVER_BIN} override the paths).
 */
final class HeadlessChromium {

	private static final String CHROMIUM = env("CHROMIUM_BIN", "/usr/bin/chromium");

	private static final String CHROMEDRIVER = env("CHROMEDRIVER_BIN", "/usr/bin/chromedriver");

	private HeadlessChromium() {
	}

	/** Skip the test unless Chromium and chromedriver are installed. */
	static void assumeInstalled() {
		assumeTrue(new File(CHROMIUM).canExecute() && new File(CHROMEDRIVER).canExecute(),
				"Chromium and chromedriver are needed (apt-get install chromium chromium-driver)");
	}

	/** A new headless browser with a 1280 x 900 window. */
	static WebDriver start() {
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM);
		options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--window-size=1280,900", "--disable-background-networking", "--disable-component-update",
				"--no-first-run");
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER))
			.usingAnyFreePort()
			.build();
		return new ChromeDriver(service, options);
	}

	/** The console on, writes on for anyone, refreshing every second. */
	static final String[] CONSOLE = { "async-task.console.enabled=true", "async-task.console.writes-enabled=true",
			"async-task.console.write-role=", "async-task.console.refresh-interval=1s" };

	/** Quit the browser and close the application, whichever was started. */
	static void stop(@Nullable WebDriver browser, @Nullable AutoCloseable application) throws Exception {
		if (browser != null) {
			browser.quit();
		}
		if (application != null) {
			application.close();
		}
	}

	static void resize(WebDriver browser, int width, int height) {
		browser.manage().window().setSize(new Dimension(width, height));
	}

	/** Save the page as {@code target/<name>}. */
	static Path screenshot(WebDriver browser, String name) throws Exception {
		File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
		Path target = Path.of("target", name);
		Files.createDirectories(target.getParent());
		Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
		return target;
	}

	/** Asks the browser tests to refresh the docs' screenshots. */
	static final String DOCS_SCREENSHOTS = "asynctask.docs.screenshots";

	/**
	 * Save the page as {@code target/<name>}, and as {@code docs/images/<name>} when
	 * {@link #DOCS_SCREENSHOTS} is set.
	 */
	static void documented(WebDriver browser, String name) throws Exception {
		Path target = screenshot(browser, name);
		Path docs = Path.of("..", "docs", "images");
		if (Boolean.getBoolean(DOCS_SCREENSHOTS) && Files.isDirectory(docs.getParent())) {
			Files.createDirectories(docs);
			Files.copy(target, docs.resolve(name), StandardCopyOption.REPLACE_EXISTING);
		}
	}

	private static String env(String name, String fallback) {
		String value = System.getenv(name);
		return (value != null && !value.isBlank()) ? value : fallback;
	}

}
