package io.github.asynctask.autoconfigure;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Fits the workers' wait for running tasks into Spring Boot's budget for one shutdown
 * phase ({@code spring.lifecycle.timeout-per-shutdown-phase}): the wait ends early enough
 * to leave time for handing unfinished tasks back and unregistering, so a platform that
 * sizes its grace period by Boot's phases does not kill the JVM half-way.
 */
final class ShutdownBudget {

	static final String PHASE_TIMEOUT = "spring.lifecycle.timeout-per-shutdown-phase";

	/** Spring Boot's default for {@link #PHASE_TIMEOUT}. */
	static final Duration DEFAULT_PHASE_TIMEOUT = Duration.ofSeconds(30);

	/** Kept for hand-back, acknowledgements and unregistering, at most. */
	static final Duration RESERVE = Duration.ofSeconds(5);

	private static final Logger logger = LoggerFactory.getLogger(ShutdownBudget.class);

	private ShutdownBudget() {
	}

	/** The phase timeout the application configured, or Boot's default. */
	static Duration phaseTimeout(Environment environment) {
		return Binder.get(environment).bind(PHASE_TIMEOUT, Duration.class).orElse(DEFAULT_PHASE_TIMEOUT);
	}

	/**
	 * How long the workers wait for running tasks: {@code async-task.shutdown-timeout},
	 * but no longer than the phase timeout less a reserve (5s, or a quarter of a phase
	 * timeout under 20s).
	 */
	static Duration drainTimeout(Duration shutdownTimeout, Duration phaseTimeout) {
		Duration reserve = phaseTimeout.dividedBy(4).compareTo(RESERVE) < 0 ? phaseTimeout.dividedBy(4) : RESERVE;
		Duration budget = phaseTimeout.minus(reserve);
		if (shutdownTimeout.compareTo(budget) <= 0) {
			return shutdownTimeout;
		}
		logger.info("async-task.shutdown-timeout={} waits at most {} so that shutting down the workers fits in {}={}",
				shutdownTimeout, budget, PHASE_TIMEOUT, phaseTimeout);
		return budget;
	}

}
