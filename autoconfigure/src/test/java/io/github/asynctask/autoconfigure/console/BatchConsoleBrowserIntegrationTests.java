package io.github.asynctask.autoconfigure.console;

import java.time.Duration;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Headless Chromium on the console's batch pages of a real batch (four rows completed,
 * one dead): the list links to the batch, whose page shows the progress bar and the dead
 * child with its error, and retries it; a running task's page shows its progress and that
 * it was cancelled. Saved as {@code docs/images/console-batch.png} and
 * {@code console-batches.png}.
 */
class BatchConsoleBrowserIntegrationTests extends BrowserTestSupport {

	@BeforeEach
	void start(RedisServer redis) {
		BatchRows.reset();
		open(redis, new Class<?>[] { BatchRows.class }, "async-task.worker.heartbeat-interval=1s");
	}

	@Test
	void theBatchPageShowsProgressAndTheDeadChildAndRetriesIt() throws Exception {
		String id = BatchConsoleIntegrationTests.importWithOneDeadRow(this.context);

		this.browser.get(url("/asynctask/#/batches"));
		By row = By.cssSelector("#batches-table tr[data-batch-id='" + id + "']");
		shown(row);
		assertThat(this.<String>reading((driver) -> driver.findElement(row).getText())).contains("import-42")
			.contains("completed")
			.contains("4 completed")
			.contains("1 dead");
		HeadlessChromium.documented(this.browser, "console-batches.png");
		reading((driver) -> {
			driver.findElement(row).findElement(By.tagName("a")).click();
			return true;
		});

		shown(By.id("batch-progress"));
		assertThat(this.<String>reading((driver) -> driver.findElement(By.id("batch-counts")).getText()))
			.contains("5 of 5 ended (100 %)")
			.contains("4 completed")
			.contains("1 dead");
		assertThat(this
			.<String>reading((driver) -> driver.findElement(By.cssSelector("#batch-progress [data-part='completed']"))
				.getAttribute("style")))
			.contains("width: 80%");
		assertThat(this
			.<String>reading((driver) -> driver.findElement(By.cssSelector("#batch-progress [data-part='dead']"))
				.getAttribute("style")))
			.contains("width: 20%");
		By dead = By.cssSelector("#batch-dead tr[data-dead-id]");
		assertThat(this.<String>reading((driver) -> driver.findElement(dead).getText())).contains("import.row")
			.contains("dead")
			.contains("row -1 is unreadable: 3 columns, 5 expected");
		assertThat(this
			.<String>reading((driver) -> driver.findElement(dead).findElement(By.tagName("a")).getAttribute("href")))
			.contains("#/task/rows/");
		assertThat(this.browser.findElements(By.cssSelector("#batch-actions [data-action='cancel']")))
			.as("an ended batch has nothing to cancel")
			.isEmpty();
		HeadlessChromium.documented(this.browser, "console-batch.png");

		BatchRows.healed = true;
		((JavascriptExecutor) this.browser).executeScript("window.confirm = function () { return true; };");
		this.browser.findElement(By.cssSelector("#batch-actions [data-action='retry-dead']")).click();
		new WebDriverWait(this.browser, Duration.ofSeconds(20)).until(ExpectedConditions
			.textToBePresentInElementLocated(By.id("toast"), "Retried 1 dead child of batch " + id));
		// the healed child completes: its row leaves the dead list and the counts say so
		new WebDriverWait(this.browser, Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class)
			.until((driver) -> driver.findElements(dead).isEmpty()
					&& driver.findElement(By.id("batch-counts")).getText().contains("5 completed"));
	}

	@Test
	void aRunningTasksPageShowsItsProgressAndItsCancel() throws Exception {
		AsyncTaskTemplate template = this.context.getBean(AsyncTaskTemplate.class);
		BatchRows rows = this.context.getBean(BatchRows.class);
		TaskReceipt receipt = template.submit(TaskOptions.defaults(), () -> rows.longRow(7));
		this.browser.get(url("/asynctask/#/task/rows/" + receipt.taskId()));
		new WebDriverWait(this.browser, Duration.ofSeconds(30))
			.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#task-progress[data-percent='40']")));
		assertThat(this.<String>reading((driver) -> driver.findElement(By.id("task-progress")).getText()))
			.contains("40% row 4 of 10");
		HeadlessChromium.documented(this.browser, "console-task-progress.png");

		assertThat(template.cancel(receipt.taskId())).isTrue();
		// the body runs on until its next heartbeat stops it (this one ignores that)
		shown(By.id("task-cancelled"));
		assertThat(this.<String>reading((driver) -> driver.findElement(By.id("task-cancelled")).getText()))
			.containsIgnoringCase("cancel");
		assertThat(this.<String>reading((driver) -> driver.findElement(By.id("task-title")).getText()))
			.contains("active");
		BatchRows.release.countDown();
	}

}
