package io.github.asynctask.autoconfigure.console;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.github.asynctask.TaskState;
import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import static io.github.asynctask.autoconfigure.console.ConsoleTestApplication.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Headless Chromium drives the console of a running application over a real Redis: it
 * sees a dead task, clicks Retry, and the task is pending again in Redis. Task data with
 * markup is shown as text and never runs. The page's screenshot is saved as
 * {@code target/console-screenshot.png}. Skipped when Chromium or chromedriver is not
 * installed ({@code CHROMIUM_BIN}, {@code CHROMEDRIVER_BIN} override the paths).
 */
class ConsoleBrowserIntegrationTests extends BrowserTestSupport {

	@BeforeEach
	void start(RedisServer redis) {
		open(redis, new Class<?>[0]);
	}

	@Test
	void operatorSeesADeadTaskClicksRetryAndTheTaskIsPendingAgain() throws Exception {
		RedisBroker broker = this.context.getBean(RedisBroker.class);
		ConsoleTestApplication.heartbeat(broker);
		ConsoleTestApplication.seedDead(broker, "report.render", "[7]", "java.io.UncheckedIOException: disk full");
		String id = ConsoleTestApplication.seedDead(broker, "mail.receipt",
				"[{\"order\":42,\"note\":\"<img src=x onerror=window.__xss=1>\"}]",
				"java.lang.IllegalStateException: <script>window.__xss=2</script> SMTP 451 temporary failure");
		// Submitted last: seeding a dead task takes the oldest pending one.
		ConsoleTestApplication.submit(broker, "mail.digest", "[\"weekly\"]");

		this.browser.get(url("/asynctask"));
		By row = By.cssSelector("tr[data-task-id='" + id + "']");
		try {
			shown(row);
		}
		catch (RuntimeException ex) {
			saveScreenshot("console-failure.png");
			Files.writeString(Path.of("target", "console-failure.html"), this.browser.getPageSource());
			throw ex;
		}
		// read afresh each time: the page's refresh may rebuild a row between finding and
		// reading it
		assertThat(this.<String>reading((driver) -> driver.findElement(row).getText())).contains("mail.receipt")
			.contains("<script>window.__xss=2</script>")
			.contains("<img src=x onerror=window.__xss=1>");
		assertThat(((JavascriptExecutor) this.browser).executeScript("return window.__xss === undefined"))
			.isEqualTo(true);
		assertThat(
				this.<String>reading((driver) -> driver.findElement(By.cssSelector("tr[data-queue='mail']")).getText()))
			.contains("mail");
		saveScreenshot("console-screenshot.png");

		// Found afresh at the click: a refresh may have rebuilt the row since it was
		// read.
		new WebDriverWait(this.browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class)
			.until((driver) -> {
				driver.findElement(row).findElement(By.cssSelector("button.retry")).click();
				return true;
			});

		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> assertThat(broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.PENDING));
		new WebDriverWait(this.browser, Duration.ofSeconds(20))
			.until(ExpectedConditions.invisibilityOfElementLocated(row));
		assertThat(this.browser.findElement(By.id("toast")).getText()).contains("pending again");
	}

	@Test
	void operatorSeesAScheduleAndPausesIt(RedisServer redis) {
		this.context.close();
		this.context = ConsoleTestApplication.start(redis, new Class<?>[] { Hourly.class }, HeadlessChromium.CONSOLE);
		this.browser.get(url("/asynctask"));
		By schedule = By.xpath("//table[@id='schedules']//tr[td[contains(., 'report.hourly')]]");
		shown(schedule);
		assertThat(this.<String>reading((driver) -> driver.findElement(schedule).getText())).contains("every 1h")
			.contains("misfire ONCE");
		new WebDriverWait(this.browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class)
			.until((driver) -> {
				driver.findElement(schedule).findElement(By.tagName("button")).click();
				return true;
			});
		io.github.asynctask.AsyncTaskTemplate template = this.context
			.getBean(io.github.asynctask.AsyncTaskTemplate.class);
		await().atMost(Duration.ofSeconds(20)).until(() -> template.schedules().get(0).paused());
		new WebDriverWait(this.browser, Duration.ofSeconds(20))
			.until(ExpectedConditions.textToBePresentInElementLocated(schedule, "paused"));
	}

	static class Hourly {

		@AsyncTask(name = "report.hourly", every = "1h")
		public void run() {
		}

	}

	private void saveScreenshot(String name) throws Exception {
		HeadlessChromium.screenshot(this.browser, name);
	}

}
