package io.github.asynctask.autoconfigure.batch;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchValues;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The onSuccess callback reads the values its batch's children returned, page by page,
 * finding its batch through {@code currentBatchId()}; children returning nothing add no
 * value.
 */
class BatchValuesIntegrationTests extends BatchRedisTestSupport {

	@Test
	void theOnSuccessCallbackReadsEveryChildsValuePageByPage() {
		runner().run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Imports.template = template;
			BatchReceipt receipt = template.batch(BatchOptions.named("priced").onSuccess(imports::sum), () -> {
				for (long row = 1; row <= 150; row++) {
					imports.priced(row);
				}
				imports.importRow(1000);
			});
			// 10 x (1 + ... + 150), read in pages of 10 (a hash small enough for Redis's
			// compact encoding comes in one page)
			await().atMost(WAIT).until(() -> !Imports.callbacks.isEmpty());
			assertThat(Imports.callbacks).singleElement().asString().startsWith("sum 150 113250");
			BatchValues first = template.batchValues(receipt.batchId(), "0", 1000);
			assertThat(first.values()).hasSizeGreaterThanOrEqualTo(1);
			assertThat(template.batchValues("unknown", "0", 10).values()).isEmpty();
			assertThatIllegalArgumentException().isThrownBy(() -> template.batchValues(receipt.batchId(), "x", 10))
				.withMessageContaining(receipt.batchId());
		});
	}

}
