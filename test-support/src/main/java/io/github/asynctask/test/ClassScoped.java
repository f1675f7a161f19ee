package io.github.asynctask.test;

import java.util.function.Supplier;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;
import org.jspecify.annotations.Nullable;

/**
 * Keeps one resource per test class in the JUnit store. Created by the first of
 * {@code beforeAll} or parameter resolution (a per-class test instance is constructed
 * before {@code beforeAll}); {@code @Nested} classes reuse their enclosing class's
 * resource; the class that created it closes it.
 */
public final class ClassScoped<T extends AutoCloseable> {

	private static final Namespace NAMESPACE = Namespace.create(ClassScoped.class);

	private final String key;

	private final Class<T> type;

	/**
	 * @param key the resource's name in the class's store
	 * @param type its type
	 */
	public ClassScoped(String key, Class<T> type) {
		this.key = key;
		this.type = type;
	}

	/** The test class's resource, made by {@code factory} the first time. */
	public T getOrCreate(ExtensionContext context, Supplier<T> factory) {
		ExtensionContext classContext = classContext(context);
		synchronized (this) {
			T existing = classContext.getStore(NAMESPACE).get(this.key, this.type);
			if (existing != null) {
				return existing;
			}
			T created = factory.get();
			classContext.getStore(NAMESPACE).put(this.key, created);
			return created;
		}
	}

	/**
	 * Closes the resource if this context created it; the store's remove does not touch
	 * parents.
	 */
	public void closeOwned(ExtensionContext context) throws Exception {
		Store store = classContext(context).getStore(NAMESPACE);
		@Nullable T owned;
		synchronized (this) {
			owned = store.remove(this.key, this.type);
		}
		if (owned != null) {
			owned.close();
		}
	}

	private static ExtensionContext classContext(ExtensionContext context) {
		ExtensionContext current = context;
		while (current.getTestMethod().isPresent() && current.getParent().isPresent()) {
			current = current.getParent().get();
		}
		return current;
	}

}
