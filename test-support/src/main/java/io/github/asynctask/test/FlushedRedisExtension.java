package io.github.asynctask.test;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@link RedisExtension} with the class's Redis flushed before each test, so a test class
 * that starts clean needs no {@code @BeforeEach} of its own.
 */
public class FlushedRedisExtension extends RedisExtension implements BeforeEachCallback {

	@Override
	public void beforeEach(ExtensionContext context) {
		server(context).flushAll();
	}

}
