package io.github.asynctask.autoconfigure.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Headless Chromium against a running application with workers over a real Redis: a task
 * that failed three times is found by its bizId and its page shows the three attempts
 * with their three errors; a bulk retry of 1,000 dead tasks runs them all; the history
 * chart counts 600 tasks with 60 failures. Every page is saved as a screenshot, at 1280
 * and 390 px wide, into {@code target/} and {@code docs/images/}.
 */
class ConsolePagesBrowserIntegrationTests extends BrowserTestSupport {

	@BeforeEach
	void start(RedisServer redis) {
		ShopTasks.reset();
		open(redis, new Class<?>[] { ShopTasks.class }, "async-task.defaults.backoff.policy=fixed",
				"async-task.defaults.backoff.delay=100ms");
	}

	@Test
	void aTaskFoundByItsBizIdShowsItsThreeFailedAttempts() throws Exception {
		ShopTasks tasks = this.context.getBean(ShopTasks.class);
		for (int i = 1; i <= 20; i++) {
			tasks.sendReceipt("order-" + (1000 + i));
		}
		tasks.sendReceipt("order-42");
		RedisBroker broker = this.context.getBean(RedisBroker.class);
		await().atMost(Duration.ofSeconds(30)).until(() -> broker.stats("mail").dead() == 21);

		this.browser.get(url("/asynctask/"));
		visible(By.cssSelector("tr[data-queue='mail']"));
		HeadlessChromium.documented(this.browser, "console-overview.png");
		this.browser.findElement(By.id("search-q")).sendKeys("order-42");
		this.browser.findElement(By.cssSelector("#search-form button")).click();
		By matchRow = By.cssSelector("#search-table tr[data-match]");
		visible(matchRow);
		assertThat(this.browser.findElements(matchRow)).hasSize(1);
		// read and clicked afresh each time: the page's refresh may rebuild the
		// row between two calls (a stale element otherwise)
		String matchText = afresh((driver) -> driver.findElement(matchRow).getText());
		assertThat(matchText).contains("mail.receipt").contains("dead").contains("bizId");
		HeadlessChromium.documented(this.browser, "console-search.png");

		String receiptId = afresh((driver) -> driver.findElement(matchRow).getAttribute("data-match"));
		afresh((driver) -> {
			driver.findElement(matchRow).findElement(By.tagName("a")).click();
			return true;
		});
		visible(By.cssSelector("#task-attempts li"));
		List<String> attempts = afresh((driver) -> driver.findElements(By.cssSelector("#task-attempts li"))
			.stream()
			.map(WebElement::getText)
			.toList());
		assertThat(attempts).hasSize(3);
		assertThat(attempts.get(0)).contains("java.lang.IllegalStateException").contains("SMTP 451 <b>try later</b>");
		assertThat(attempts.get(1)).contains("java.io.UncheckedIOException").contains("connection reset");
		assertThat(attempts.get(2)).contains("java.lang.IllegalArgumentException").contains("mailbox unknown");
		assertThat(this.<String>afresh((driver) -> driver.findElement(By.id("task-args")).getText()))
			.contains("order-42");
		assertThat(this.<String>afresh((driver) -> driver.findElement(By.id("task-facts")).getText())).contains("BizId")
			.contains("order-42");
		assertThat(this.browser.findElements(By.cssSelector("#task-attempts b"))).as("markup shown as text").isEmpty();
		HeadlessChromium.documented(this.browser, "console-task.png");
		HeadlessChromium.resize(this.browser, 390, 844);
		visible(By.cssSelector("#task-attempts li"));
		assertThat(scrollWidth()).as("no sideways scrolling at 390 px").isLessThanOrEqualTo(390);
		HeadlessChromium.documented(this.browser, "console-task-390.png");

		// loaded afresh without a search, the page shows the bizId stored with the task,
		// linked
		this.browser.get(url("/asynctask/?reload=1#/task/mail/" + receiptId));
		visible(By.id("task-bizid"));
		assertThat(this.<String>afresh((driver) -> driver.findElement(By.id("task-bizid")).getText()))
			.isEqualTo("order-42");
		assertThat(this.<String>afresh((driver) -> driver.findElement(By.id("task-bizid")).getAttribute("href")))
			.endsWith("#/search?q=order-42");
	}

	@Test
	void bulkRetryOfAThousandDeadTasksRunsThemAll() throws Exception {
		ShopTasks tasks = this.context.getBean(ShopTasks.class);
		for (int i = 0; i < 1000; i++) {
			tasks.bulk(i);
		}
		RedisBroker broker = this.context.getBean(RedisBroker.class);
		await().atMost(Duration.ofSeconds(60)).until(() -> broker.stats("bulk").dead() == 1000);
		ShopTasks.bulkFailing.set(false);

		this.browser.get(url("/asynctask/#/queue/bulk/dead"));
		visible(By.cssSelector("#browse-table tr[data-row-id]"));
		assertThat(this.<String>reading((driver) -> driver.findElement(By.id("page-range")).getText()))
			.contains("1–50 of 1,000");
		HeadlessChromium.documented(this.browser, "console-tasks.png");
		this.browser.findElement(By.id("page-next")).click();
		new WebDriverWait(this.browser, Duration.ofSeconds(20))
			.until(ExpectedConditions.textToBe(By.id("page-range"), "51–100 of 1,000"));
		((JavascriptExecutor) this.browser).executeScript("window.confirm = function () { return true; };");
		WebElement retryAll = this.browser.findElement(By.cssSelector("#bulk button[data-bulk='retry']"));
		((JavascriptExecutor) this.browser).executeScript("arguments[0].scrollIntoView({block: 'center'})", retryAll);
		retryAll.click();
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(ShopTasks.bulkRuns.get()).isEqualTo(1000));
		assertThat(broker.stats("bulk").dead()).isZero();
		new WebDriverWait(this.browser, Duration.ofSeconds(20))
			.until(ExpectedConditions.textToBePresentInElementLocated(By.id("toast"), "Ran 1000 dead tasks"));
	}

	@Test
	void theHistoryChartCountsWhatRanAndFailed() throws Exception {
		ShopTasks tasks = this.context.getBean(ShopTasks.class);
		for (int i = 0; i < 600; i++) {
			tasks.render(i);
		}
		RedisBroker broker = this.context.getBean(RedisBroker.class);
		await().atMost(Duration.ofSeconds(60))
			.until(() -> ShopTasks.renders.get() == 600 && broker.stats("report").dead() == 60);
		this.browser.get(url("/asynctask/#/queue/report/dead"));
		new WebDriverWait(this.browser, Duration.ofSeconds(20))
			.until(ExpectedConditions.textToBe(By.id("history-hour"), "600 processed, 60 failed"));
		assertThat(this.browser.findElements(By.cssSelector("#history svg rect.bad-bar"))).isNotEmpty();
		((JavascriptExecutor) this.browser).executeScript("document.getElementById('history').scrollIntoView()");
		HeadlessChromium.documented(this.browser, "console-history.png");

		this.browser.get(url("/asynctask/#/instances"));
		By instance = By.cssSelector("#instances-table tr[data-instance]");
		visible(instance);
		assertThat(this.<String>afresh((driver) -> driver.findElement(instance).getText())).contains("report");
		HeadlessChromium.documented(this.browser, "console-instances.png");
		HeadlessChromium.resize(this.browser, 390, 844);
		this.browser.get(url("/asynctask/"));
		visible(By.cssSelector("tr[data-queue='report']"));
		HeadlessChromium.documented(this.browser, "console-overview-390.png");
	}

	private <T> T afresh(Function<WebDriver, T> read) {
		return new WebDriverWait(this.browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class)
			.until(read);
	}

	private WebElement visible(By locator) throws IOException {
		try {
			return new WebDriverWait(this.browser, Duration.ofSeconds(20))
				.until(ExpectedConditions.visibilityOfElementLocated(locator));
		}
		catch (RuntimeException ex) {
			Files.writeString(Path.of("target", "console-pages-failure.html"), this.browser.getPageSource());
			throw ex;
		}
	}

	private long scrollWidth() {
		return ((Number) ((JavascriptExecutor) this.browser)
			.executeScript("return document.documentElement.scrollWidth")).longValue();
	}

	/**
	 * The shop's tasks: one failing three ways, one failing until told not to, one
	 * failing every tenth call.
	 */
	static class ShopTasks {

		static final AtomicInteger receiptCalls = new AtomicInteger();

		static final AtomicBoolean bulkFailing = new AtomicBoolean(true);

		static final AtomicInteger bulkRuns = new AtomicInteger();

		static final AtomicInteger renders = new AtomicInteger();

		static void reset() {
			receiptCalls.set(0);
			bulkFailing.set(true);
			bulkRuns.set(0);
			renders.set(0);
		}

		@AsyncTask(name = "mail.receipt", queue = "mail", bizId = "#orderId", maxRetries = 2)
		public void sendReceipt(String orderId) {
			if (!"order-42".equals(orderId)) {
				throw new IllegalStateException("no receipt for " + orderId);
			}
			switch (receiptCalls.incrementAndGet()) {
				case 1 -> throw new IllegalStateException("SMTP 451 <b>try later</b>");
				case 2 -> throw new UncheckedIOException(new IOException("connection reset"));
				default -> throw new IllegalArgumentException("mailbox unknown");
			}
		}

		@AsyncTask(name = "mail.bulk", queue = "bulk", maxRetries = 0)
		public void bulk(int n) {
			if (bulkFailing.get()) {
				throw new IllegalStateException("mail server down for " + n);
			}
			bulkRuns.incrementAndGet();
		}

		@AsyncTask(name = "report.render", queue = "report", maxRetries = 0)
		public void render(int n) {
			renders.incrementAndGet();
			if (n % 10 == 0) {
				throw new IllegalStateException("cannot render report " + n);
			}
		}

	}

}
