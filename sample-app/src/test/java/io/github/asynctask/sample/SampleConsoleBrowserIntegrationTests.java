package io.github.asynctask.sample;

import java.io.File;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

import io.github.asynctask.test.RedisForSpringBootTests;
import io.github.asynctask.testing.AsyncTaskTestMode;
import io.github.asynctask.testing.AutoConfigureAsyncTask;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Headless Chromium drives the console of the running sample shop on a real Redis: an
 * order is shipped, its CRM export ends dead after three attempts, the operator sees it
 * in the console, clicks Retry, and the export runs again (a fourth attempt shows up in
 * the shop's activity). The page is saved as {@code target/console-screenshot.png}.
 * Skipped when Chromium or chromedriver is not installed ({@code CHROMIUM_BIN},
 * {@code CHROMEDRIVER_BIN} override the paths).
 */
// Closes the context after the class, before its Redis stops: a cached context closed at
// JVM exit would wait on a Redis that is gone and hold the forked JVM up.
@DirtiesContext
// Real workers on a real Redis: with async-task-spring-boot-test on the classpath a test
// without this gets record mode.
@AutoConfigureAsyncTask(mode = AsyncTaskTestMode.REDIS)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { "sample.embedded-redis.enabled=false",
		"async-task.defaults.backoff.delay=50ms", "async-task.console.refresh-interval=1s" })
class SampleConsoleBrowserIntegrationTests implements RedisForSpringBootTests {

	private static final String CHROMIUM = env("CHROMIUM_BIN", "/usr/bin/chromium");

	private static final String CHROMEDRIVER = env("CHROMEDRIVER_BIN", "/usr/bin/chromedriver");

	private static final String EXPORT = "shop.export-to-legacy-crm";

	@LocalServerPort
	private int port;

	private WebDriver browser;

	@BeforeEach
	void openBrowser(@TempDir Path profile) {
		assumeTrue(new File(CHROMIUM).canExecute() && new File(CHROMEDRIVER).canExecute(),
				"Chromium and chromedriver are needed (apt-get install chromium chromium-driver)");
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM);
		options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--disable-background-networking", "--disable-component-update", "--no-first-run",
				"--window-size=1360,1000", "--user-data-dir=" + profile.toAbsolutePath());
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER))
			.usingAnyFreePort()
			.build();
		this.browser = new ChromeDriver(service, options);
	}

	@AfterEach
	void closeBrowser() {
		if (this.browser != null) {
			this.browser.quit();
		}
	}

	@Test
	void operatorRetriesTheDeadCrmExportFromTheConsoleAndItRunsAgain() throws Exception {
		RestClient http = RestClient.create("http://localhost:" + this.port);
		Order order = http.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.body(new NewOrder("Linus", new BigDecimal("19.90"), "linus@example.com"))
			.retrieve()
			.body(Order.class);
		assertThat(order).isNotNull();
		http.post().uri("/orders/" + order.id() + "/ship").retrieve().toBodilessEntity();
		String refused = "Legacy CRM refused order " + order.id();
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
			assertThat(exportAttempts(http, refused)).isEqualTo(3);
			assertThat(http.get().uri("/actuator/asynctask/default?state=dead").retrieve().body(String.class))
				.contains(EXPORT);
		});

		this.browser.get("http://localhost:" + this.port + "/asynctask/");
		By deadExport = By.xpath(
				"//table[@id='tasks']//tr[@data-task-id][.//*[contains(@class,'tname') and text()='" + EXPORT + "']]");
		WebElement row;
		try {
			row = new WebDriverWait(this.browser, Duration.ofSeconds(20))
				.until(ExpectedConditions.visibilityOfElementLocated(deadExport));
		}
		catch (RuntimeException ex) {
			saveScreenshot("console-failure.png");
			throw ex;
		}
		assertThat(row.getText()).contains("3 / 3").contains("does not answer");
		saveScreenshot("console-screenshot.png");

		// Found afresh at the click: a refresh may have rebuilt the row since it was
		// read.
		new WebDriverWait(this.browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class)
			.until((driver) -> {
				driver.findElement(deadExport).findElement(By.cssSelector("button.retry")).click();
				return true;
			});

		new WebDriverWait(this.browser, Duration.ofSeconds(20))
			.until(ExpectedConditions.textToBePresentInElementLocated(By.id("toast"), "pending again"));
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(exportAttempts(http, refused)).isGreaterThan(3));
		saveScreenshot("console-after-retry.png");
	}

	private static long exportAttempts(RestClient http, String message) {
		List<ActivityLog.Entry> entries = http.get()
			.uri("/activity")
			.retrieve()
			.body(new ParameterizedTypeReference<List<ActivityLog.Entry>>() {
			});
		return (entries != null) ? entries.stream().filter((entry) -> entry.message().equals(message)).count() : 0;
	}

	private void saveScreenshot(String name) throws Exception {
		File shot = ((TakesScreenshot) this.browser).getScreenshotAs(OutputType.FILE);
		Path target = Path.of("target", name);
		Files.createDirectories(target.getParent());
		Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
	}

	private static String env(String name, String fallback) {
		String value = System.getenv(name);
		return (value != null && !value.isBlank()) ? value : fallback;
	}

}
