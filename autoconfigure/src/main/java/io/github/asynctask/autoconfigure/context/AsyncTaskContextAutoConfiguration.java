package io.github.asynctask.autoconfigure.context;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.context.ContextValueCodec;
import io.github.asynctask.context.LocaleContextCodec;
import io.github.asynctask.context.MdcContextCodec;
import io.github.asynctask.context.SecurityContextCodec;
import io.github.asynctask.context.TaskContextPropagator;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ThreadLocalAccessor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of context propagation: with Micrometer's context-propagation on
 * the classpath, the MDC keys listed in {@code async-task.context.mdc-keys}, the locale,
 * the Spring Security user and every {@link ContextValueCodec} bean's value travel from
 * the submitting thread to the task run. Without the library, nothing changes.
 */
@AutoConfiguration
@ConditionalOnClass(ContextSnapshot.class)
@ConditionalOnBooleanProperty(name = "async-task.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "async-task.context.enabled", matchIfMissing = true)
@EnableConfigurationProperties(AsyncTaskContextProperties.class)
public final class AsyncTaskContextAutoConfiguration {

	/** Order of the propagator: inside the run's observation, outside everything else. */
	public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 10;

	// One bean for both ends: the submit side writes the headers the run side reads.
	@Bean
	@ConditionalOnMissingBean
	@Order(ORDER)
	TaskContextPropagator asyncTaskContextPropagator(AsyncTaskContextProperties properties,
			ObjectProvider<ContextValueCodec<?>> codecs, ObjectProvider<ThreadLocalAccessor<?>> accessors) {
		List<ContextValueCodec<?>> all = new ArrayList<>(codecs.orderedStream().toList());
		if (!properties.getMdcKeys().isEmpty()) {
			all.add(new MdcContextCodec(properties.getMdcKeys()));
		}
		return new TaskContextPropagator(all, ContextRegistry.getInstance(), accessors.orderedStream().toList());
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty(name = "async-task.context.locale", matchIfMissing = true)
	LocaleContextCodec asyncTaskLocaleContextCodec() {
		return new LocaleContextCodec();
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(SecurityContextHolder.class)
	@ConditionalOnBooleanProperty(name = "async-task.context.security", matchIfMissing = true)
	static class SecurityContextConfiguration {

		@Bean
		@ConditionalOnMissingBean
		SecurityContextCodec asyncTaskSecurityContextCodec() {
			return new SecurityContextCodec();
		}

	}

}
